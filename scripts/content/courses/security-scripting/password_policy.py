#!/usr/bin/env python3
"""Data of the quiz 01-bash-for-security-work/04-passwords-against-the-policy: prints both files and the answer,
and the answers that the usual mistakes give (so the answer cannot be reached by one of them).

Every username starts with its own letter, so the accounts that break the policy are answered by their first
letters in alphabetical order (the file's order): `adfi…`."""
import re

banned = """123456
123456789
12345678
password
qwerty123
111111
iloveyou
admin
welcome
letmein.2026!
monkey
dragon
football
baseball
sunshine
princess
trustno1
Password1!
Welcome2026!
Summer2026!
Spring2026!
Winter2025!
Autumn2025!
changeme
changeme123
P@ssw0rd
P@ssw0rd2026
Company123!
northwind2026
Northwind2026!
qwertyuiop
1q2w3e4r5t6y
zaq12wsxcvfr
abc123
Aa123456789!
passw0rd
hello123
master
shadow
superman
batman
freedom
whatever
michael
jennifer
computer
starwars
Qwerty123456
correcthorse
iloveyou2026
""".splitlines()

accounts = [
    ("a.brennan", "Welcome2026!"),          # banned
    ("c.diaz", "tide-lantern-91-oak"),      # ok
    ("d.kowalski", "summer2026!"),          # ok? length 11 -> short
    ("e.fischer", "password12345"),         # ok: substring of banned only
    ("f.ahmed", "Northwind2026!"),          # banned
    ("g.moreau", "letmein-2026!"),          # ok (only a regex match of letmein.2026!)
    ("h.tanaka", "violet,harbour,42"),      # ok (comma inside: last field keeps it)
    ("i.nowak", "P@ssw0rd2026"),            # banned
    ("j.okafor", "Qwerty123456"),           # banned
    ("k.lindqvist", "mossy-stone-bridge"),  # ok
    ("l.rossi", "changeme"),                # banned and short
    ("m.haddad", "Aa123456789!"),           # banned
    ("n.silva", "kettle-7-quartz"),         # ok
    ("o.byrne", "Spring2026!"),             # banned (11 chars: also short)
    ("p.varga", "correcthorsebattery"),     # ok (correcthorse is a substring only)
    ("q.nguyen", "blue-finch-27"),          # ok
    ("r.osei", "abc123abc123"),             # ok, 12 chars
    ("s.meyer", "Hunter2!"),                # short
    ("t.walsh", "northwind2026"),           # banned
    ("u.petrov", "granite-owl-hollow"),     # ok
    ("v.ito", "iloveyou2026"),              # banned
    ("w.costa", "Tr0ub4dor&3"),             # short (11)
    ("x.schmidt", "quiet-meadow-station"),  # ok
    ("y.kaur", "Company123!"),              # banned (11)
]
last = ("z.oconnor", "Passw0rd!26")        # short (11), the line without a final newline

rows = accounts + [last]
assert len({user[0] for user, _ in rows}) == len(rows), "every username starts with its own letter"


def violates(pw):
    return len(pw) < 12 or pw in banned


def initials(rule, of=rows) -> str:
    """The first letters of the accounts whose password the rule refuses."""
    return "".join(user[0] for user, pw in of if rule(pw))


answer = initials(violates)
no_x = initials(lambda pw: len(pw) < 12 or any(b in pw for b in banned))
no_f = initials(lambda pw: len(pw) < 12 or any(re.fullmatch(b.replace('*', r'\*').replace('+', r'\+').replace('$', r'\$'), pw) for b in banned))
no_last = initials(violates, accounts)
with_header = "".join(sorted(answer + "u"))  # the header's "password" is banned, and "username" starts with u
csv = "username,password\n" + "".join(f"{u},{p}\n" for u, p in accounts) + f"{last[0]},{last[1]}"  # no final newline


def shortcuts() -> str:
    """The answer, and the answers that the usual mistakes give."""
    return f"answer {answer} | without -x {no_x} | without -F {no_f} | missing last line {no_last} | header counted {with_header}"
