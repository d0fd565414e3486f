#!/usr/bin/env python3
"""Regenerate the attachment of content/challenges/matryoshka-message (deterministic).

Layers, innermost first: Caesar shift +11 on letters -> hex -> base64 (wrapped at 76 columns).
"""
import base64
import textwrap

from shared.output import challenge_files, write_text

OUT = challenge_files("matryoshka-message")

SHIFT = 11
PLAINTEXT = (
    "Harbour team, the courier lands at pier nine on Thursday at dawn. "
    "Bring the grey case, not the blue one. If anyone asks, you are there for the fish market. "
    "Confirmation code: BASTION{peel_every_layer}"
)


def caesar(text: str, shift: int) -> str:
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - 65 + shift) % 26 + 65))
        else:
            out.append(ch)
    return "".join(out)


def main() -> None:
    layer1 = caesar(PLAINTEXT, SHIFT)
    layer2 = layer1.encode().hex()
    layer3 = base64.b64encode(layer2.encode()).decode()
    body = "\n".join(textwrap.wrap(layer3, 76))
    write_text(OUT / "intercept.txt", body + "\n")
    print("wrote", OUT / "intercept.txt")


if __name__ == "__main__":
    main()
