#!/usr/bin/env python3
"""The auth.log of the quiz 02-python-for-security-work/06-failed-logins-per-address (deterministic), and what the
right count and the usual shortcuts give."""
import random, re
from collections import Counter
from datetime import datetime, timedelta

rng = random.Random(31)
start = datetime(2026, 4, 20, 0, 0, 5)
events = []  # (time, text)
pid = [4100]
def next_pid():
    pid[0] += rng.randint(3, 40)
    return pid[0]
def at(sec):
    return start + timedelta(seconds=sec)

# A: 203.0.113.45 sprays user names, one password each, one connection each (no repeats): 19 failures
names = ["admin", "test", "oracle", "ubuntu", "postgres", "git", "ftpuser", "deploy", "pi", "user", "support",
         "guest", "jenkins", "minecraft", "hadoop", "www", "mysql", "backup", "dev"]
for i, name in enumerate(names):
    t, p, port = 3600 + i * 47, next_pid(), 40000 + i * 13
    events.append((at(t), p, f"Invalid user {name} from 203.0.113.45 port {port}"))
    events.append((at(t + 2), p, f"Failed password for invalid user {name} from 203.0.113.45 port {port} ssh2"))
    events.append((at(t + 3), p, f"Connection closed by invalid user {name} 203.0.113.45 port {port} [preauth]"))
# B: 198.51.100.77 hammers root, six passwords per connection, collapsed by rsyslog: 6 x 5 = 30 failures
for i in range(5):
    t, p, port = 20000 + i * 610, next_pid(), 51000 + i * 7
    events.append((at(t), p, f"Failed password for root from 198.51.100.77 port {port} ssh2"))
    events.append((at(t + 14), p, f"message repeated 5 times: [ Failed password for root from 198.51.100.77 port {port} ssh2]"))
    events.append((at(t + 15), p, f"error: maximum authentication attempts exceeded for root from 198.51.100.77 port {port} ssh2 [preauth]"))
    events.append((at(t + 15), p, f"Disconnecting authenticating user root 198.51.100.77 port {port}: Too many authentication failures [preauth]"))
# C: 192.0.2.200 probes user names without ever sending a password: many lines, no failed password
for i in range(24):
    t, p, port = 9000 + i * 31, next_pid(), 33000 + i * 3
    name = rng.choice(names)
    events.append((at(t), p, f"Invalid user {name} from 192.0.2.200 port {port}"))
    events.append((at(t + 1), p, f"Connection closed by invalid user {name} 192.0.2.200 port {port} [preauth]"))
# D: staff, a typo now and then, then success
for who, ip, t0 in [("alice", "192.0.2.10", 28800), ("bob", "192.0.2.11", 30100), ("alice", "192.0.2.10", 45000),
                    ("carol", "198.51.100.140", 52000), ("bob", "192.0.2.11", 61000)]:
    p, port = next_pid(), rng.randint(50000, 60000)
    if rng.random() < 0.7:
        events.append((at(t0), p, f"Failed password for {who} from {ip} port {port} ssh2"))
    events.append((at(t0 + 6), p, f"Accepted password for {who} from {ip} port {port} ssh2"))
    events.append((at(t0 + 6), p, f"pam_unix(sshd:session): session opened for user {who}(uid={1000 + ord(who[0]) % 10}) by (uid=0)"))
    events.append((at(t0 + 900), p, f"pam_unix(sshd:session): session closed for user {who}"))
# E: 203.0.113.9: one long connection, three passwords for ubuntu, the last two collapsed: 3 failures
events.append((at(70000), 9911, "Failed password for invalid user ubuntu from 203.0.113.9 port 61000 ssh2"))
events.append((at(70009), 9911, "message repeated 2 times: [ Failed password for invalid user ubuntu from 203.0.113.9 port 61000 ssh2]"))

events.sort(key=lambda e: (e[0], e[1]))
lines = [f"{t:%b} {t.day:2d} {t:%H:%M:%S} gw01 sshd[{p}]: {msg}" for t, p, msg in events]
log = "\n".join(lines) + "\n"


def shortcuts() -> str:
    """What the right count and the usual shortcuts give."""
    rx = re.compile(r"(?:message repeated (?P<times>\d+) times: \[ )?Failed password for (?:invalid user )?\S+ from (?P<ip>\S+) port")
    right = Counter()
    for l in lines:
        m = rx.search(l)
        if m:
            right[m["ip"]] += int(m["times"] or 1)
    per_line = Counter(re.search(r"from (\S+)", l)[1] for l in lines if "Failed password" in l)
    ip_any = Counter(m for l in lines for m in re.findall(r"\b(\d+\.\d+\.\d+\.\d+)\b", l))
    return "\n".join([f"{len(lines)} lines", f"right    {right.most_common(4)}", f"per line {per_line.most_common(3)}",
                      f"any line {ip_any.most_common(3)}"])
