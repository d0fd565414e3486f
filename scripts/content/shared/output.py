"""Where generated files go, and the record of what each generator wrote.

Every generator writes through write_text/write_bytes here. Run by `npm run content:generate`
(scripts/content/generate.py), each write is recorded, and content/GENERATED.md lists every generated
file with the generator that wrote it.
"""
import inspect
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = ROOT / "scripts" / "content"
CONTENT = ROOT / "content"
RECORD = "BASTION_GENERATED_RECORD"


def challenge_files(slug: str) -> Path:
    """content/challenges/<slug>/files, the challenge's attachments."""
    return CONTENT / "challenges" / slug / "files"


def course_dir(course: str) -> Path:
    return CONTENT / "courses" / course


def generator() -> str:
    """The generator being run, as a path from the repository root (scripts/content/…/generate.py)."""
    for frame in inspect.stack():
        path = Path(frame.filename).resolve()
        if path.name == "generate.py" and path.parent != SCRIPTS:
            return path.relative_to(ROOT).as_posix()
    raise RuntimeError("not called from a scripts/content/<kind>/<slug>/generate.py")


def record(path: Path, note: str = "") -> None:
    """Notes that the running generator wrote `path` (for content/GENERATED.md)."""
    target = os.environ.get(RECORD)
    if not target:
        return
    entry = path.resolve().relative_to(ROOT).as_posix() + (f" ({note})" if note else "")
    with open(target, "a", encoding="utf-8") as log:
        log.write(f"{generator()}\t{entry}\n")


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    record(path)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))
