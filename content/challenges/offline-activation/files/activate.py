#!/usr/bin/env python3
"""Lumen Notes 3 - offline activation (build 3.4.1, field edition)."""
import base64
import sys

_EXPECTED = "bWVjjpqMi4Drub6cyIXA+Mv6oePnIkUHHD4+Mn83RXl/YHZIVU8="


def _scramble(key: str) -> bytes:
    out = bytearray()
    for i, ch in enumerate(key.encode()):
        out.append(ch ^ ((i * 7 + 13) & 0xFF))
    return bytes(reversed(out))


def check(key: str) -> bool:
    if len(key) != 38:
        return False
    return base64.b64encode(_scramble(key)).decode() == _EXPECTED


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: activate.py <activation-key>")
        return 2
    if check(sys.argv[1]):
        print("Lumen Notes 3 activated. Thank you!")
        return 0
    print("invalid activation key")
    return 1


if __name__ == "__main__":
    sys.exit(main())
