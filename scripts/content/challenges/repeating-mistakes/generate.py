#!/usr/bin/env python3
"""Regenerate files/memo.enc of content/challenges/repeating-mistakes (deterministic, no randomness).

Inner layer: one line of the memo holds a Vigenere-encrypted code (letters only advance the key).
Outer layer: the whole memo XORed with a repeating 10-byte key, then base64 (wrapped at 76 columns).
"""
import base64
import textwrap

from shared.output import challenge_files, write_text

OUT = challenge_files("repeating-mistakes")

XOR_KEY = b"lanternbay"
VIGENERE_KEY = "CORMORANT"
CODE = "BASTION{one_time_pads_are_not_reused}"


def vigenere(text: str, key: str) -> str:
    out, k = [], 0
    for ch in text:
        if ch.isalpha():
            base = 65 if ch.isupper() else 97
            shift = ord(key[k % len(key)].upper()) - 65
            out.append(chr((ord(ch) - base + shift) % 26 + base))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


def memo() -> str:
    return f"""To: night shift, vault room
From: the quartermaster's office
Subject: archive door, new arrangement

Friends, the auditors arrive on Monday and they will ask how we protect the archive door. Until now the
code lived on a sticky note under the kettle, which is exactly the kind of thing an auditor writes about in
large letters. From tonight the code is only kept in this memo, and this memo is only kept encrypted.

The code below is protected twice. The whole memo is scrambled with our usual repeating key, which I am
told is perfectly safe because nobody outside the building knows it. The code line itself is also run
through the old Vigenere table, keyed with the name of the first boat the harbour company ever owned.
If you have forgotten her name, it is painted above the door of the net loft: the black diving bird.

Archive door code: {vigenere(CODE, VIGENERE_KEY)}

Please do not write the code anywhere else, do not read it aloud on the radio, and do not paste it into
the group chat again. If the door refuses the code three times it locks for an hour and calls me at home,
and nobody wants that.

Thank you, and mind the ice on the north quay.
Maren Holloway, quartermaster
"""


def main() -> None:
    plain = memo().encode()
    cipher = bytes(b ^ XOR_KEY[i % len(XOR_KEY)] for i, b in enumerate(plain))
    b64 = base64.b64encode(cipher).decode()
    write_text(OUT / "memo.enc", "\n".join(textwrap.wrap(b64, 76)) + "\n")
    print("wrote", OUT / "memo.enc", len(plain), "bytes of plaintext")


if __name__ == "__main__":
    main()
