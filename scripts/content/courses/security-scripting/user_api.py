#!/usr/bin/env python3
"""The user records of the quiz 03-talking-to-services/04-walk-the-user-api: one JSON file per user ID (some IDs
deleted), printed as YAML lab-file entries; and the answer."""
import json, random

rng = random.Random(2026)
first = ["a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y"]
last = ["okafor", "lindqvist", "moreau", "tanaka", "haddad", "silva", "varga", "nguyen", "osei", "meyer", "walsh",
        "petrov", "ito", "costa", "schmidt", "kaur", "brennan", "diaz", "kowalski", "fischer", "ahmed", "rossi",
        "byrne", "nowak", "oconnor", "mensah", "duarte", "keller", "novak", "jansen", "laine", "quinn"]
teams = ["warehouse", "sales", "finance", "support", "it", "marketing"]
records = {}
names = set()
for uid in range(1001, 1025):
    if uid in (1007, 1013, 1021):          # deleted accounts: 404
        continue
    while True:
        name = f"{rng.choice(first)}.{rng.choice(last)}"
        if name not in names:
            names.add(name)
            break
    records[uid] = {"id": uid, "username": name, "role": rng.choice(["staff"] * 5 + ["contractor"]),
                    "team": rng.choice(teams), "mfa": rng.random() < 0.8, "active": rng.random() < 0.9,
                    "last_login": f"2026-04-{rng.randint(1, 21):02d}T{rng.randint(6, 19):02d}:{rng.randint(0, 59):02d}:00Z"}
# the admins: three with MFA, one former admin disabled without MFA, one active without MFA (the finding)
for uid, mfa, active in [(1003, True, True), (1011, True, True), (1015, False, False), (1019, False, True),
                         (1022, True, True)]:
    records[uid].update(role="admin", team="it", mfa=mfa, active=active)
answer = [r["username"] for r in records.values() if r["role"] == "admin" and not r["mfa"] and r["active"]]
assert len(answer) == 1
