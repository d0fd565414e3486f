#!/usr/bin/env python3
"""Copies cvss31.awk into the lab of 03-vulnerability-management/04-the-score-that-does-not-add-up.quiz.yaml, where
it is installed as /usr/local/bin/cvss31 (the quiz embeds the file verbatim)."""
from pathlib import Path

from shared.output import course_dir
from shared.quiz_files import embed

QUIZ = course_dir("security-foundations") / "03-vulnerability-management" / "04-the-score-that-does-not-add-up.quiz.yaml"

embed(QUIZ, {"/usr/local/bin/cvss31": Path(__file__).with_name("cvss31.awk").read_text()})
print("wrote", QUIZ)
