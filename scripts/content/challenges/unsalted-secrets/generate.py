#!/usr/bin/env python3
"""Regenerate the attachments of content/challenges/unsalted-secrets (deterministic).

A fictional forum's leaked user table: legacy accounts with unsalted MD5, migrated accounts with
salted SHA-256 in the form sha256$<salt>$<hex(sha256(salt + password))>, plus a small wordlist.
"""
import hashlib
import random

from shared.output import challenge_files, write_text

OUT = challenge_files("unsalted-secrets")

WORDS = ["harbor", "falcon", "summer", "dragon", "sunshine", "monkey", "shadow", "football", "letmein", "welcome",
         "princess", "trustno1", "orange", "pepper", "tigger", "cookie", "anchor", "lighthouse", "starfish", "kettle",
         "marble", "rocket", "winter", "copper", "velvet"]
SUFFIXES = ["", "1", "12", "123", "2024", "2025", "2026", "!", "01", "99"]

LEGACY = [  # username, password  (unsalted MD5)
    ("admin", "lighthouse2025"),
    ("b.ferreira", "kettle99"),
    ("moonpie", "lighthouse2025"),
    ("t.osei", "velvet!"),
    ("quartz_fox", "Zq8!nLp2#vRt"),   # strong: not in any wordlist
    ("h.lindqvist", "copper123"),
]
MIGRATED = [  # username, password  (salted SHA-256)
    ("r.castillo", "marble2026"),
    ("n.achebe", "starfish01"),
    ("ivy.chen", "kettle99"),
    ("w.brandt", "pX3@r9!kQm"),
]


def main() -> None:
    rng = random.Random(2024)
    words = [w + s for w in WORDS for s in SUFFIXES]
    rng.shuffle(words)
    strong = {"Zq8!nLp2#vRt", "pX3@r9!kQm"}
    for _, pw in LEGACY + MIGRATED:
        assert (pw in words) != (pw in strong), pw
    rows = ["id,username,joined,password_hash"]
    uid = 100
    for name, pw in LEGACY:
        uid += rng.randint(1, 40)
        year = rng.choice([2016, 2017, 2018, 2019])
        rows.append(f"{uid},{name},{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
                    f"{hashlib.md5(pw.encode()).hexdigest()}")
    for name, pw in MIGRATED:
        uid += rng.randint(1, 40)
        salt = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(12))
        digest = hashlib.sha256((salt + pw).encode()).hexdigest()
        rows.append(f"{uid},{name},2023-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},sha256${salt}${digest}")
    write_text(OUT / "users.csv", "\n".join(rows) + "\n")
    write_text(OUT / "wordlist.txt", "\n".join(words) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
