#!/usr/bin/env python3
"""Sanity checks for content/challenges/*/challenge.yaml (structure, masks, attachments).

Usage: python3 scripts/content/check_challenges.py
Exits non-zero when a problem is found. Needs PyYAML.
"""
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHALLENGES = ROOT / "content" / "challenges"
CATEGORIES = {"web", "crypto", "forensics", "osint", "linux", "network", "reverse"}
DIFFICULTIES = {"easy", "medium", "hard"}
ACCESS = {"free", "premium"}
MAX_ATTACHMENT = 200 * 1024


def mask_ok(mask: str, answer: str, case_sensitive: bool) -> bool:
    if len(mask) != len(answer):
        return False
    for m, a in zip(mask, answer):
        if m == "*":
            continue
        if (m != a) if case_sensitive else (m.lower() != a.lower()):
            return False
    return True


def check(folder: Path) -> list[str]:
    problems = []
    path = folder / "challenge.yaml"
    if not path.exists():
        return [f"{folder}: missing challenge.yaml"]
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as err:
        return [f"{path}: invalid YAML: {err}"]
    for key in ("title", "summary", "description", "category", "difficulty", "access", "steps"):
        if not data.get(key):
            problems.append(f"{path}: missing {key}")
    if data.get("category") not in CATEGORIES:
        problems.append(f"{path}: bad category {data.get('category')!r}")
    if data.get("difficulty") not in DIFFICULTIES:
        problems.append(f"{path}: bad difficulty {data.get('difficulty')!r}")
    if data.get("access") not in ACCESS:
        problems.append(f"{path}: bad access {data.get('access')!r}")
    steps = data.get("steps") or []
    if not 3 <= len(steps) <= 6:
        problems.append(f"{path}: {len(steps)} steps (want 3-6)")
    for i, step in enumerate(steps, 1):
        where = f"{path}: step {i}"
        for key in ("title", "question", "answer", "points", "hint", "hint_cost"):
            if step.get(key) in (None, ""):
                problems.append(f"{where}: missing {key}")
        answers = step.get("answer")
        answers = answers if isinstance(answers, list) else [answers]
        answers = [str(a) for a in answers]
        pts, cost = step.get("points", 0), step.get("hint_cost", 0)
        if not 10 <= pts <= 50:
            problems.append(f"{where}: points {pts} outside 10-50")
        if not 0 <= cost < pts:
            problems.append(f"{where}: hint_cost {cost} not below points {pts}")
        mask = step.get("answer_format")
        if mask:
            for a in answers:
                if not mask_ok(str(mask), a, bool(step.get("case_sensitive"))):
                    problems.append(f"{where}: answer {a!r} does not fit mask {mask!r}")
        for a in answers:
            if re.search(rf"(?<![\w]){re.escape(a)}(?![\w])", str(step.get("hint", "")) + " " + str(step.get("question", "")), re.IGNORECASE):
                problems.append(f"{where}: hint or question contains the answer {a!r}")
    listed = set()
    for rel in data.get("attachments") or []:
        f = (folder / rel).resolve()
        listed.add(f)
        if folder.resolve() not in f.parents:
            problems.append(f"{path}: attachment {rel} outside the challenge folder")
        elif not f.is_file():
            problems.append(f"{path}: attachment {rel} missing")
        elif f.stat().st_size > MAX_ATTACHMENT:
            problems.append(f"{path}: attachment {rel} is {f.stat().st_size} bytes")
    for f in folder.rglob("*"):
        if f.is_file() and f.name != "challenge.yaml" and f.resolve() not in listed:
            problems.append(f"{path}: file {f.relative_to(folder)} is not listed in attachments")
    return problems


def main() -> int:
    folders = sorted(p for p in CHALLENGES.iterdir() if p.is_dir())
    problems = []
    summary = []
    for folder in folders:
        problems += check(folder)
        try:
            d = yaml.safe_load((folder / "challenge.yaml").read_text())
        except (OSError, yaml.YAMLError):
            d = {}
        steps = d.get("steps") or []
        summary.append(f"{folder.name:28} {d.get('category', '?'):10} {d.get('difficulty', '?'):7} "
                       f"{d.get('access', '?'):8} steps={len(steps)} points={sum(s.get('points', 0) for s in steps)} "
                       f"files={len(d.get('attachments') or [])}")
    print("\n".join(summary))
    for p in problems:
        print("PROBLEM:", p)
    print(f"{len(folders)} challenges, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
