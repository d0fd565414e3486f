#!/usr/bin/env python3
"""The signed export of approved access changes that the directory target (content/targets/directory, its
data.json) serves to the quiz 03-talking-to-services/06-check-the-signed-export, page by page behind opaque
cursors; the sync job's key (export.key in the learner's home), the answer (the records whose HMAC does not
verify, in export order) and what the usual shortcuts find.
"""
import hashlib
import hmac
import random

import user_api

KEY = "k9#harbour-access-2026"          # export.key holds this plus a final newline
PER_PAGE = 8
CURSORS = ["", "8c41d2", "f0937b"]      # page 1 is /api/changes, the others /api/changes?cursor=<cursor>
rng = random.Random(77)
accounts = [r for r in user_api.records.values() if r["active"]]
admins = [r["username"] for r in accounts if r["role"] == "admin"]
approvers = ["w.novak", "p.meyer", "e.petrov"]  # admins with MFA: the approval workflow's signers
assert all(a in admins for a in approvers)
changes = ["group=vpn-users", "group=finance-share", "group=backup-operators", "mfa=reset", "role=contractor",
           "role=staff", "active=false", "group=print-admins"]


def sign(record, key=KEY):
    message = "|".join((record["id"], record["user"], record["change"], record["approved_by"]))
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()


records = []
number = 40211
for i in range(len(CURSORS) * PER_PAGE):
    number += rng.randint(1, 37)
    user = rng.choice(accounts)["username"]
    change = rng.choice(changes)
    if i in (4, 17):                     # real grants of the admin group: they look alarming and verify
        user, change = rng.choice([a for a in admins if a not in approvers]), "group=domain-admins"
    record = {"id": f"chg-{number}", "user": user, "change": change, "approved_by": rng.choice(approvers)}
    record["sig"] = sign(record)
    records.append(record)
# tampering after signing (the signatures left as they were): an approved grant moved to another account, and an
# approved VPN access turned into the admin group
moved, raised = records[10], records[21]
moved["change"] = "role=admin"
moved["sig"] = sign(moved)
moved["user"] = "h.meyer"               # a contractor
raised["change"], raised["user"] = "group=vpn-users", "b.mensah"
raised["sig"] = sign(raised)
raised["change"] = "group=domain-admins"
assert all(r["user"] in {a["username"] for a in accounts} for r in records)
answer = [r["id"] for r in records if not hmac.compare_digest(sign(r), r["sig"])]
assert answer == [moved["id"], raised["id"]]

pages = [{"cursor": cursor, "items": records[n * PER_PAGE:(n + 1) * PER_PAGE]} for n, cursor in enumerate(CURSORS)]


def shortcuts():
    """What a check that cuts a corner answers instead: each must differ from the answer."""
    def failing(items, key=KEY):
        return [r["id"] for r in items if sign(r, key) != r["sig"]]
    found = {
        "the key with its final newline": failing(records, KEY + "\n"),
        "the first page only": failing(pages[0]["items"]),
        "the first two pages": failing(pages[0]["items"] + pages[1]["items"]),
        "every admin grant": [r["id"] for r in records if r["change"] in ("role=admin", "group=domain-admins")],
    }
    assert all(ids != answer for ids in found.values()), found
    return found
