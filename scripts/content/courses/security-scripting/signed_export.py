#!/usr/bin/env python3
"""The paginated, signed payment export of the quiz 03-talking-to-services/06-check-the-signed-export: pages as YAML
lab-file entries, and the answer (the one record whose HMAC does not verify)."""
import hashlib, hmac, random

KEY = "k7#harbour-ledger-2026"          # export.key holds this plus a final newline
rng = random.Random(77)
ibans = ["GB33BUKB20201555555555", "DE89370400440532013000", "FR1420041010050500013M02606", "NL91ABNA0417164300",
         "IE29AIBK93115212345678", "ES9121000418450200051332", "BE68539007547034", "AT611904300234573201"]
records = []
for i in range(12):
    rid = f"tx-{5001 + i}"
    to = rng.choice(ibans)
    amount = f"{rng.randint(80, 4999)}.{rng.choice(['00', '50', '99', '25'])}"
    sig = hmac.new(KEY.encode(), f"{rid}|{to}|{amount}".encode(), hashlib.sha256).hexdigest()
    records.append({"id": rid, "to": to, "amount": amount, "sig": sig})
# tampering after signing: one payee changed to the attacker's account (signature left as it was)
tampered = records[6]
tampered["to"] = "LT601010012345678901"
answer = tampered["id"]

pages = ["/export/index.json", "/export/p-8c41d2.json", "/export/p-f0937b.json"]
def page_text(n):
    items = records[n * 4:(n + 1) * 4]
    nxt = f'"{pages[n + 1]}"' if n + 1 < len(pages) else "null"
    lines = ",\n".join(f'    {{"id": "{r["id"]}", "to": "{r["to"]}", "amount": "{r["amount"]}", "sig": "{r["sig"]}"}}'
                       for r in items)
    return f'{{\n  "page": {n + 1},\n  "items": [\n{lines}\n  ],\n  "next": {nxt}\n}}\n'
