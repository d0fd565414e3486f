#!/usr/bin/env python3
"""Regenerate the generated lab files of content/courses/security-scripting and its directory target's data
(deterministic: fixed seeds and dates).

Each module here builds the data of one quiz and says what the usual shortcuts would answer, so the quiz's answer
cannot be reached by one of them: access_log, password_policy (module 1), xor_config, auth_log (module 2),
user_api, signed_export (module 3). Module 3's data lives in its target, content/targets/directory/data.json (read
by the directory service alone), and only the sync job's key is a lab file.
"""
import json

import access_log
import auth_log
import password_policy
import signed_export
import user_api
import xor_config
from shared.output import CONTENT, course_dir, write_text
from shared.quiz_files import embed

COURSE = course_dir("security-scripting")
DIRECTORY = CONTENT / "targets" / "directory" / "data.json"
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
    write_text(DIRECTORY, directory_data())
    print("walk the user API: answer", ",".join(user_api.answer), user_api.shortcuts(), sep="\n")
    embed(COURSE / SERVICES / "06-check-the-signed-export.quiz.yaml", {
        "/home/analyst/sso-sync/export.key": signed_export.KEY + "\n",
    })
    print("check the signed export: answer", ",".join(signed_export.answer), signed_export.shortcuts(), sep="\n")


def directory_data() -> str:
    """The directory target's accounts and signed access changes, one record to a line."""
    def rows(items, indent):
        return ",\n".join(" " * indent + json.dumps(item) for item in items)
    pages = ",\n".join(
        f'    {{"cursor": {json.dumps(page["cursor"])}, "items": [\n{rows(page["items"], 6)}\n    ]}}'
        for page in signed_export.pages
    )
    text = (f'{{\n  "per_page": {user_api.PER_PAGE},\n  "first_id": {user_api.FIRST},\n'
            f'  "last_id": {user_api.LAST},\n  "users": [\n{rows(user_api.records.values(), 4)}\n  ],\n'
            f'  "change_pages": [\n{pages}\n  ]\n}}\n')
    assert json.loads(text)["users"] == list(user_api.records.values())
    return text


if __name__ == "__main__":
    main()
