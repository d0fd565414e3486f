#!/usr/bin/env python3
"""Regenerate the dist files of the CTFd-format sample challenges in
packages/content/test/fixtures/ctfd/ (used to test `content import-ctfd`)."""
import codecs
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "packages" / "content" / "test" / "fixtures" / "ctfd"


def main() -> None:
    msg = "Meet me at the old lighthouse. Password for the shed: BASTION{rot13_is_not_encryption}\n"
    robots = ("User-agent: *\nDisallow: /private/\nDisallow: /backup-2026/\n"
              "# keeper's note: the key is BASTION{robots_are_not_access_control}\n")
    data = b"ledger checksum ok\nflag=BASTION{hexdump_reader}\n"
    files = {
        "rot-and-roll/dist/message.txt": codecs.encode(msg, "rot13"),
        "lost-in-robots/dist/robots.txt": robots,
        "hex-marks-the-spot/dist/dump.hex": "\n".join(data[i:i + 16].hex(" ") for i in range(0, len(data), 16)) + "\n",
    }
    for rel, text in files.items():
        path = BASE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print("wrote", path)


if __name__ == "__main__":
    main()
