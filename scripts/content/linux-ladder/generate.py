#!/usr/bin/env python3
"""Regenerate the level quizzes of content/courses/linux-ladder (deterministic, standard library only).

Each level is a quiz whose terminal lab hides the next level's password. The passwords were drawn once with
`secrets` and are fixed here; every other byte (filler data, archives, the setuid launcher) comes from a seeded
random generator, so running this again rewrites the same files. The lessons and module.yaml files are written
by hand and are not touched.

    python3 scripts/content/linux-ladder/generate.py
"""
import json
import re
from pathlib import Path

from levels import LEVELS

ROOT = Path(__file__).resolve().parents[3]
COURSE = ROOT / "content" / "courses" / "linux-ladder"


def emit_scalar(value, indent: str) -> str:
    """A YAML scalar: a literal block for plain multi-line text, JSON (which YAML reads) for anything else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    lines = text.rstrip("\n").split("\n")
    blockable = (
        "\n" in text
        and not text.endswith("\n\n")
        and not text.startswith((" ", "\n"))
        and all(line == line.rstrip() and all(ch.isprintable() for ch in line) for line in lines)
    )
    if blockable:
        chomp = "" if text.endswith("\n") else "-"
        return f"|{chomp}\n" + "\n".join(f"{indent}{line}" if line else "" for line in lines)
    if re.fullmatch(r"[A-Za-z/][A-Za-z0-9 ,.()'/_-]*", text) and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def emit_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z_/][A-Za-z0-9_/.-]*", key) else json.dumps(key, ensure_ascii=False)


def emit(mapping: dict, indent: str = "") -> str:
    out = []
    for key, value in mapping.items():
        if isinstance(value, dict):
            out.append(f"{indent}{emit_key(key)}:")
            out.append(emit(value, indent + "  "))
        else:
            out.append(f"{indent}{emit_key(key)}: {emit_scalar(value, indent + '  ')}")
    return "\n".join(out)


def main() -> None:
    written = 0
    for level in LEVELS:
        path = COURSE / level["file"]
        quiz = {k: v for k, v in level.items() if k != "file"}
        path.write_text(emit(quiz) + "\n", encoding="utf-8")
        written += 1
    print(f"wrote {written} level quizzes under {COURSE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
