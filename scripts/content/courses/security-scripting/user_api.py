#!/usr/bin/env python3
"""The accounts of the directory target (content/targets/directory, its data.json) that the quiz
03-talking-to-services/04-walk-the-user-api walks page by page; the answer, and what the usual shortcuts find.

The API pages by ID: page N holds the accounts whose IDs fall in its block of ten (1001-1010, 1011-1020, ...), so
deleted accounts leave gaps, and page 5 is empty (the seasonal contractors' block, deleted in one go). The target
answers 429 once a client asks too fast, so a loop that ignores it loses pages; one offender sits on an early page
and one on the last, so only a complete walk finds both.
"""
import random

PER_PAGE, FIRST, LAST = 10, 1001, 1080
PAGES = (LAST - FIRST + 1) // PER_PAGE
rng = random.Random(2026)
first = ["a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y"]
last = ["okafor", "lindqvist", "moreau", "tanaka", "haddad", "silva", "varga", "nguyen", "osei", "meyer", "walsh",
        "petrov", "ito", "costa", "schmidt", "kaur", "brennan", "diaz", "kowalski", "fischer", "ahmed", "rossi",
        "byrne", "nowak", "oconnor", "mensah", "duarte", "keller", "novak", "jansen", "laine", "quinn"]
teams = ["warehouse", "sales", "finance", "support", "it", "marketing"]
deleted = {1005, 1013, 1027, 1034, 1062, 1071} | set(range(1041, 1051))
records = {}
names = {"m.okafor"}  # 1004, the lessons' example account
for uid in range(FIRST, LAST + 1):
    if uid in deleted:                      # deleted accounts: 404, and a gap in their page
        continue
    while True:
        name = f"{rng.choice(first)}.{rng.choice(last)}"
        if name not in names:
            names.add(name)
            break
    records[uid] = {"id": uid, "username": name, "role": rng.choice(["staff"] * 5 + ["contractor"]),
                    "team": rng.choice(teams), "mfa": rng.random() < 0.8, "active": rng.random() < 0.9,
                    "last_login": f"2026-04-{rng.randint(1, 21):02d}T{rng.randint(6, 19):02d}:{rng.randint(0, 59):02d}:00Z"}
records[1004].update(username="m.okafor", role="staff", team="warehouse", mfa=True, active=True)
# the admins: four with MFA, two former admins disabled without it, two active without it (the findings)
for uid, mfa, active in [(1003, True, True), (1012, False, True), (1019, True, True), (1026, False, False),
                         (1058, True, True), (1066, False, False), (1073, True, True), (1077, False, True)]:
    records[uid].update(role="admin", team="it", mfa=mfa, active=active)


def page(n):
    """The accounts of page n, as the API lists them (by ID)."""
    low = FIRST + (n - 1) * PER_PAGE
    return [r for uid, r in sorted(records.items()) if low <= uid < low + PER_PAGE]


def offenders(pages, need_active=True):
    return [r["username"] for n in pages for r in page(n)
            if r["role"] == "admin" and not r["mfa"] and (r["active"] or not need_active)]


answer = offenders(range(1, PAGES + 1))
assert len(answer) == 2 and not page(5)


def shortcuts():
    """What a walk that cuts a corner answers instead: each must differ from the answer."""
    found = {
        "stops at the first empty page": offenders(range(1, 5)),
        "only the pages a fast loop gets before its first 429 (the first three)": offenders(range(1, 4)),
        "every page but the last (a 429 on it)": offenders(range(1, PAGES)),
        "ignores active": offenders(range(1, PAGES + 1), need_active=False),
    }
    assert all(names_found != answer for names_found in found.values()), found
    return found
