#!/usr/bin/env python3
"""Regenerates content/challenges/offline-activation/files/activate.py (deterministic)."""
import base64

from shared.output import challenge_files, write_text

KEY = "BASTION{r3ad_th3_ch3ck_n0t_th3_manual}"
OUT = challenge_files("offline-activation") / "activate.py"


def mask(i: int) -> int:
    return (i * 7 + 13) & 0xFF


encoded = bytes(ord(c) ^ mask(i) for i, c in enumerate(KEY))[::-1]
blob = base64.b64encode(encoded).decode()

SCRIPT = f'''#!/usr/bin/env python3
"""Lumen Notes 3 - offline activation (build 3.4.1, field edition)."""
import base64
import sys

_EXPECTED = "{blob}"


def _scramble(key: str) -> bytes:
    out = bytearray()
    for i, ch in enumerate(key.encode()):
        out.append(ch ^ ((i * 7 + 13) & 0xFF))
    return bytes(reversed(out))


def check(key: str) -> bool:
    if len(key) != {len(KEY)}:
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
'''

write_text(OUT, SCRIPT)
print(OUT, len(KEY))
