#!/usr/bin/env python3
"""Runs the content generators: every scripts/content/<kind>/<name>/generate.py, or those whose path holds one of
the words given (`npm run content:generate -- knock-knock linux-ladder`), then rewrites content/GENERATED.md, the
list of every generated file and its generator.

Each generator runs as its own process with scripts/content on PYTHONPATH (so `from shared.output import …`
works) and its own folder first on the path (its helper modules). Standard library only; silent-courier also
needs GNU as and ld (binutils).
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from shared.output import CONTENT, RECORD, ROOT  # noqa: E402  (this runner is the one entry run from anywhere)

MANIFEST = CONTENT / "GENERATED.md"
HEADER = """# Generated files

Written by `npm run content:generate` (scripts/content/generate.py): every file below comes from the generator
named with it. Edit the generator, run the command, and commit both; CI runs every generator again and fails
when a file differs. Quiz files name their generator on their first line too.

"""


def generators() -> list[Path]:
    return sorted(HERE.glob("*/*/generate.py"))


def run(script: Path, record: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(HERE), RECORD: str(record), "PYTHONHASHSEED": "0"}
    print(f"== {script.relative_to(ROOT)}", flush=True)
    subprocess.run([sys.executable, str(script)], check=True, env=env, cwd=script.parent)


def manifest(record: Path) -> str:
    rows = sorted({tuple(line.split("\t", 1)) for line in record.read_text(encoding="utf-8").splitlines()})
    by_file = {file: gen for gen, file in rows}
    return HEADER + "".join(f"- `{file}`: `{gen}`\n" for file, gen in sorted(by_file.items()))


def main(words: list[str]) -> int:
    chosen = [g for g in generators() if not words or any(w in g.relative_to(HERE).as_posix() for w in words)]
    if not chosen:
        print(f"no generator matches {' '.join(words)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp, "record.tsv")
        record.touch()
        for script in chosen:
            run(script, record)
        if not words:
            MANIFEST.write_text(manifest(record), encoding="utf-8")
            print(f"wrote {MANIFEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
