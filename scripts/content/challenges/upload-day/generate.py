#!/usr/bin/env python3
"""Regenerates content/challenges/upload-day/files/access.log (deterministic: fixed seed and times)."""
import random
from datetime import datetime, timedelta, timezone
from urllib.parse import quote

from shared.output import challenge_files, write_text

OUT = challenge_files("upload-day") / "access.log"
rng = random.Random(4242)
START = datetime(2026, 10, 14, 9, 0, 0, tzinfo=timezone.utc)
ATTACKER = "198.51.100.200"  # RFC 5737 documentation range, as every lab uses
BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Safari/537.36"
CUSTOMERS = ["203.0.113.14", "198.51.100.77", "203.0.113.90", "192.0.2.141", "198.51.100.8"]
PAGES = ["/", "/products/kayak-touring-12", "/products/paddle-carbon", "/cart", "/account/orders", "/static/shop.css"]


def line(ip: str, when: datetime, request: str, status: int, size: int, agent: str, referer: str = "-") -> str:
    stamp = when.strftime("%d/%b/%Y:%H:%M:%S +0000")
    return f'{ip} - - [{stamp}] "{request}" {status} {size} "{referer}" "{agent}"'


events: list[tuple[datetime, str]] = []
t = START
for _ in range(40):
    t += timedelta(seconds=rng.randint(20, 140))
    ip = rng.choice(CUSTOMERS)
    page = rng.choice(PAGES)
    events.append((t, line(ip, t, f"GET {page} HTTP/1.1", 200, rng.randint(900, 24000), BROWSER)))

# Legitimate avatar uploads by customers.
for minute, ip in ((17, "203.0.113.14"), (58, "198.51.100.77")):
    when = START + timedelta(minutes=minute, seconds=5)
    events.append((when, line(ip, when, "POST /account/avatar HTTP/1.1", 302, 0, BROWSER, "https://shop.tidewater.example/account")))

attack = START + timedelta(minutes=31)
tool = "python-requests/2.31.0"
# The attacker edits the script between tries: minutes apart, 1042 seconds from the first refusal to the upload
steps = [
    (0, "GET /account HTTP/1.1", 200, 5120, BROWSER),
    (40, "POST /account/avatar HTTP/1.1", 400, 61, tool),  # shell.php refused
    (290, "POST /account/avatar HTTP/1.1", 400, 61, tool),  # shell.php5 refused
    (655, "POST /account/avatar HTTP/1.1", 400, 61, tool),  # shell.phar refused
    (1082, "POST /account/avatar HTTP/1.1", 302, 0, tool),  # avatar.phtml accepted
]
for offset, request, status, size, agent in steps:
    when = attack + timedelta(seconds=offset)
    events.append((when, line(ATTACKER, when, request, status, size, agent)))

commands = ["id", "uname -a", "ls -la /var/www/shop", "cat /var/www/shop/config/database.yml", "cat /etc/passwd", "rm -f /tmp/.x"]
when = attack + timedelta(seconds=1100)
events.append((when, line(ATTACKER, when, "GET /uploads/avatars/u1187/avatar.phtml HTTP/1.1", 200, 0, tool)))
for index, command in enumerate(commands):
    when = attack + timedelta(seconds=1120 + 23 * index)
    status = 200
    size = [54, 101, 1532, 412, 1874, 0][index]
    request = f"GET /uploads/avatars/u1187/avatar.phtml?c={quote(command, safe='')} HTTP/1.1"
    events.append((when, line(ATTACKER, when, request, status, size, tool)))

events.sort(key=lambda event: event[0])
write_text(OUT, "".join(text + "\n" for _, text in events))
print(OUT, len(events), "lines")
