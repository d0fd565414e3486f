#!/usr/bin/env python3
"""Regenerate the generated lab files of content/courses/security-scripting (deterministic: fixed seeds and dates).

Each module here builds the data of one quiz and says what the usual shortcuts would answer, so the quiz's answer
cannot be reached by one of them: access_log, password_policy (module 1), xor_config, auth_log (module 2),
user_api, signed_export (module 3).
"""
import json

import access_log
import auth_log
import password_policy
import signed_export
import user_api
import xor_config
from shared.output import course_dir
from shared.quiz_files import embed

COURSE = course_dir("security-scripting")
BASH, PYTHON, SERVICES = "01-bash-for-security-work", "02-python-for-security-work", "03-talking-to-services"


def main() -> None:
    embed(COURSE / BASH / "04-passwords-against-the-policy.quiz.yaml", {
        "/home/analyst/onboarding/new-accounts.csv": password_policy.csv,
        "/home/analyst/onboarding/banned.txt": "\n".join(password_policy.banned) + "\n",
    })
    print("passwords against the policy:", password_policy.shortcuts())
    embed(COURSE / BASH / "06-who-got-the-most-404s.quiz.yaml", {"/home/analyst/incident/access.log": access_log.log})
    print("who got the most 404s:", access_log.shortcuts(), sep="\n")
    embed(COURSE / PYTHON / "02-undo-the-xor.quiz.yaml", {"/home/analyst/case/config.b64": xor_config.config_b64})
    embed(COURSE / PYTHON / "06-failed-logins-per-address.quiz.yaml", {"/home/analyst/triage/auth.log": auth_log.log})
    print("failed logins per address:", auth_log.shortcuts(), sep="\n")
    embed(COURSE / SERVICES / "04-walk-the-user-api.quiz.yaml", {
        f"/srv/api/users/{uid}.json": json.dumps(record) + "\n" for uid, record in user_api.records.items()
    })
    print("walk the user API: answer", user_api.answer[0])
    embed(COURSE / SERVICES / "06-check-the-signed-export.quiz.yaml", {
        f"/srv/ledger{path}": signed_export.page_text(n) for n, path in enumerate(signed_export.pages)
    })
    print("check the signed export: answer", signed_export.answer)


if __name__ == "__main__":
    main()
