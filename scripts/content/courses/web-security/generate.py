#!/usr/bin/env python3
"""Regenerate the generated lab files of content/courses/web-security (deterministic: fixed seeds and dates).

Module 4: campaigns.py (the login log of spray-or-stuffing), lockout.py (the attempt log of locked-out-by-design,
and what its policy would refuse).
Module 5: classics.sh (the clickjacking quiz's recorded responses).
"""
import subprocess
import tempfile
from pathlib import Path

import campaigns
import lockout
from shared.output import course_dir
from shared.quiz_files import embed

COURSE = course_dir("web-security")
AUTH, CLASSICS = COURSE / "04-authentication-attacks", COURSE / "05-web-classics"


def classics_files() -> dict[str, str]:
    """classics.sh's recorded responses, by name."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["bash", str(Path(__file__).with_name("classics.sh")), tmp], check=True)
        return {file.name: file.read_text() for file in sorted(Path(tmp, "responses").iterdir())}


def main() -> None:
    embed(AUTH / "02-spray-or-stuffing.quiz.yaml", {"/home/student/login.log": campaigns.log})
    embed(AUTH / "04-locked-out-by-design.quiz.yaml", {"/home/student/attempts.log": lockout.log})
    print("locked out by design: right-password logins refused", lockout.replay(lockout.attempts))
    embed(CLASSICS / "08-which-pages-can-be-framed.quiz.yaml", {
        f"/home/student/responses/{name}": text for name, text in classics_files().items()
    })


if __name__ == "__main__":
    main()
