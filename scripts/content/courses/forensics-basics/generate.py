#!/usr/bin/env python3
"""Regenerate the binary lab files of content/courses/forensics-basics (deterministic: fixed dates and seeds).

A quiz file names each binary lab file on its own line, followed by a `base64:` line holding its bytes; this
rewrites those values. `--out DIR` also saves every file under DIR, to inspect them:

    npm run content:generate -- forensics-basics
    PYTHONPATH=scripts/content python3 scripts/content/courses/forensics-basics/generate.py --out /tmp/forensics
"""
import argparse
from pathlib import Path

import labfiles
from shared.output import course_dir
from shared.quiz_files import embed

COURSE = course_dir("forensics-basics")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    for quiz, files in labfiles.ALL.items():
        embed(COURSE / quiz, files)
        for lab_path, data in files.items() if args.out else []:
            target = args.out / quiz.replace("/", "__") / lab_path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    print(f"wrote the lab files of {len(labfiles.ALL)} quizzes under {COURSE}")


if __name__ == "__main__":
    main()
