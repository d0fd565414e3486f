#!/usr/bin/env python3
"""The access log of the quiz 01-bash-for-security-work/06-who-got-the-most-404s (deterministic), and the answers
that the right count and the usual shortcuts give."""
import random
from collections import Counter
from datetime import datetime, timedelta, timezone

rng = random.Random(20260414)
start = datetime(2026, 4, 13, 23, 0, 0, tzinfo=timezone.utc)
UA_BROWSER = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
]
PAGES = [("/", 200, 7311), ("/products", 200, 12044), ("/products/42", 200, 5120), ("/about", 200, 3302),
         ("/static/css/site.css", 200, 18211), ("/static/js/app.js", 200, 40210), ("/contact", 200, 2810),
         ("/favicon.ico", 200, 1150), ("/products/99", 404, 162), ("/blog/2024/old-post", 404, 162)]
PROBES = ["/.env", "/.git/config", "/wp-login.php", "/wp-admin/", "/phpmyadmin/", "/backup.zip", "/db.sql",
          "/config.php.bak", "/.aws/credentials", "/server-status", "/admin/", "/xmlrpc.php", "/.DS_Store",
          "/api/v1/debug", "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php", "/cgi-bin/test.cgi",
          "/.htpasswd", "/old/", "/test.php", "/info.php", "/shell.php", "/upload.php", "/console", "/actuator/env",
          "/.svn/entries", "/dump.sql", "/site.tar.gz", "/admin.php", "/login.action", "/solr/", "/jenkins/"]
events = []
def add(t, ip, method, path, status, size, ua, ref="-"):
    events.append((t, ip, method, path, status, size, ref, ua))

# ordinary visitors
for i in range(70):
    ip = f"192.0.2.{rng.choice([12, 31, 58, 77, 104, 150, 201])}"
    path, status, size = rng.choice(PAGES)
    add(start + timedelta(seconds=rng.randint(0, 3500)), ip, "GET", path, status, size, rng.choice(UA_BROWSER))
# a search engine crawler: the most requests, a few dead links
for i in range(48):
    path, status, size = rng.choice(PAGES)
    add(start + timedelta(seconds=rng.randint(0, 3500)), "198.51.100.66", "GET", path, status, size,
        "Mozilla/5.0 (compatible; ExampleBot/2.1; +https://bot.example.net/)")
# uptime monitor: its status page happens to be 404 bytes long
for i in range(31):
    add(start + timedelta(seconds=110 * i + 7), "198.51.100.23", "GET", "/status.json", 200, 404, "uptime-check/1.4")
# scanner A: noisy, many 403s (the admin area is blocked) and 404s
a_paths = PROBES[:26]
t = start + timedelta(seconds=1200)
for p in a_paths:
    add(t, "203.0.113.77", "GET", p, 404, 162, "Mozilla/5.0 zgrab/0.x"); t += timedelta(seconds=rng.randint(1, 3))
for p in ["/admin/", "/admin/login", "/admin/users", "/admin/config", "/admin/.env", "/admin/backup",
          "/admin/db", "/admin/logs", "/admin/api", "/admin/upload", "/admin/debug", "/admin/shell"]:
    add(t, "203.0.113.77", "GET", p, 403, 153, "Mozilla/5.0 zgrab/0.x"); t += timedelta(seconds=rng.randint(1, 3))
for p in ["/", "/robots.txt", "/sitemap.xml", "/about", "/contact", "/products", "/favicon.ico"]:
    add(t, "203.0.113.77", "GET", p, 200, 2048, "Mozilla/5.0 zgrab/0.x"); t += timedelta(seconds=rng.randint(1, 3))
# scanner B: quieter, but more 404s
t = start + timedelta(seconds=2400)
for p in PROBES[2:31]:
    add(t, "198.51.100.140", "GET", p, 404, 162, "Mozilla/5.0 (X11; Linux x86_64)"); t += timedelta(seconds=rng.randint(2, 6))
for p in ["/", "/about", "/products", "/favicon.ico"]:
    add(t, "198.51.100.140", "GET", p, 200, 2048, "Mozilla/5.0 (X11; Linux x86_64)"); t += timedelta(seconds=2)

events.sort()
lines = []
for t, ip, method, path, status, size, ref, ua in events:
    stamp = t.strftime("%d/%b/%Y:%H:%M:%S +0000")
    lines.append(f'{ip} - - [{stamp}] "{method} {path} HTTP/1.1" {status} {size} "{ref}" "{ua}"')
log = "\n".join(lines) + "\n"



def shortcuts() -> str:
    """What the right count and the usual shortcuts give, so the answer cannot be reached by one of them."""
    right = Counter(l.split()[0] for l in lines if l.split()[8] == "404")
    grep = Counter(l.split()[0] for l in lines if " 404 " in l)
    any4xx = Counter(l.split()[0] for l in lines if l.split()[8].startswith("4"))
    total = Counter(l.split()[0] for l in lines)
    return "\n".join([
        f"lines {len(lines)}",
        f"404 by status field {right.most_common(3)}",
        f"grep ' 404 '       {grep.most_common(3)}",
        f"any 4xx            {any4xx.most_common(3)}",
        f"most requests      {total.most_common(3)}",
    ])
