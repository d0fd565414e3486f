#!/usr/bin/env python3
"""Regenerate files/auth.log of content/challenges/midnight-ssh (deterministic: fixed seed, fixed dates)."""
import random
import re
from datetime import datetime, timedelta

from shared.output import challenge_files, write_text

OUT = challenge_files("midnight-ssh")

HOST = "web-02"
ATTACKER = "203.0.113.77"
PROBER = "192.0.2.44"
ADMIN_IP = "198.51.100.23"
BACKDOOR = "svc-backup"
VALID = {"root", "deploy", "mira", "www-data", "postgres"}
WORDLIST = ["root", "admin", "test", "oracle", "ubuntu", "user", "guest", "ftpuser", "git", "postgres",
            "jenkins", "deploy"]


def main() -> None:
    rng = random.Random(20260308)
    events: list[tuple[datetime, str]] = []
    pid = [3100]

    def next_pid() -> int:
        pid[0] += rng.randint(3, 40)
        return pid[0]

    def add(t: datetime, proc: str, msg: str) -> None:
        events.append((t, f"{proc}: {msg}"))

    start = datetime(2026, 3, 8, 0, 0, 0)
    # hourly cron sessions
    for h in range(0, 4):
        t = start + timedelta(hours=h, minutes=17, seconds=1)
        p = next_pid()
        add(t, f"CRON[{p}]", "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)")
        add(t + timedelta(seconds=1), f"CRON[{p}]", "pam_unix(cron:session): session closed for user root")

    # legitimate admin in the evening
    t = start + timedelta(minutes=4, seconds=12)
    p = next_pid()
    port = rng.randint(40000, 65000)
    add(t, f"sshd[{p}]", f"Accepted publickey for mira from {ADMIN_IP} port {port} ssh2: ED25519 "
        "SHA256:q3Vx0mXb1mJc9h7yJ2r8cT4wQe5LzN6kP0aS1dF2gH4")
    add(t, f"sshd[{p}]", "pam_unix(sshd:session): session opened for user mira(uid=1000) by (uid=0)")
    add(t + timedelta(seconds=1), "systemd-logind[612]", "New session 41 of user mira.")
    add(t + timedelta(minutes=2, seconds=5), "sudo", "    mira : TTY=pts/0 ; PWD=/home/mira ; USER=root ; "
        "COMMAND=/usr/bin/systemctl restart nginx")
    add(t + timedelta(minutes=2, seconds=5), "sudo", "pam_unix(sudo:session): session opened for user root(uid=0) by mira(uid=1000)")
    add(t + timedelta(minutes=2, seconds=6), "sudo", "pam_unix(sudo:session): session closed for user root")
    add(t + timedelta(minutes=9, seconds=40), f"sshd[{p}]", f"Received disconnect from {ADMIN_IP} port {port}:11: disconnected by user")
    add(t + timedelta(minutes=9, seconds=40), f"sshd[{p}]", "pam_unix(sshd:session): session closed for user mira")
    add(t + timedelta(minutes=9, seconds=41), "systemd-logind[612]", "Session 41 logged out. Waiting for processes to exit.")

    def attempt(t: datetime, ip: str, user: str) -> datetime:
        p = next_pid()
        port = rng.randint(30000, 65000)
        if user in VALID:
            add(t, f"sshd[{p}]", f"pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={ip}  user={user}")
            add(t + timedelta(seconds=2), f"sshd[{p}]", f"Failed password for {user} from {ip} port {port} ssh2")
        else:
            add(t, f"sshd[{p}]", f"Invalid user {user} from {ip} port {port}")
            add(t, f"sshd[{p}]", f"pam_unix(sshd:auth): check pass; user unknown")
            add(t + timedelta(seconds=2), f"sshd[{p}]", f"Failed password for invalid user {user} from {ip} port {port} ssh2")
        add(t + timedelta(seconds=3), f"sshd[{p}]",
            f"Connection closed by {'authenticating' if user in VALID else 'invalid'} user {user} {ip} port {port} [preauth]")
        return t + timedelta(seconds=rng.randint(4, 19))

    # a noisy prober that never gets in
    t = start + timedelta(minutes=41, seconds=7)
    for user in ["admin", "pi", "support", "admin", "root", "test"]:
        t = attempt(t, PROBER, user)

    # the real attack: a slow dictionary run that ends on "deploy"
    t = start + timedelta(hours=1, minutes=58, seconds=33)
    failures = 0
    for user in WORDLIST:
        tries = rng.randint(3, 7) if user != "deploy" else 5
        for _ in range(tries):
            t = attempt(t, ATTACKER, user)
            failures += 1
    # success
    p = next_pid()
    port = rng.randint(30000, 65000)
    t_ok = t
    add(t_ok, f"sshd[{p}]", f"Accepted password for deploy from {ATTACKER} port {port} ssh2")
    add(t_ok, f"sshd[{p}]", "pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)")
    add(t_ok + timedelta(seconds=1), "systemd-logind[612]", "New session 42 of user deploy.")
    t2 = t_ok + timedelta(minutes=1, seconds=12)
    for cmd in ["/usr/bin/id",
                f"/usr/sbin/useradd -o -u 0 -g 0 -M -d /root -s /bin/bash {BACKDOOR}",
                f"/usr/bin/passwd {BACKDOOR}",
                "/usr/bin/sed -i s/^PermitRootLogin.*/PermitRootLogin yes/ /etc/ssh/sshd_config"]:
        add(t2, "sudo", f"  deploy : TTY=pts/1 ; PWD=/home/deploy ; USER=root ; COMMAND={cmd}")
        add(t2, "sudo", "pam_unix(sudo:session): session opened for user root(uid=0) by deploy(uid=1001)")
        if "useradd" in cmd:
            add(t2, "useradd[%d]" % (pid[0] + 2),
                f"new user: name={BACKDOOR}, UID=0, GID=0, home=/root, shell=/bin/bash, from=/dev/pts/1")
        if "passwd" in cmd:
            add(t2 + timedelta(seconds=6), "passwd[%d]" % (pid[0] + 5),
                f"pam_unix(passwd:chauthtok): password changed for {BACKDOOR}")
        add(t2 + timedelta(seconds=7), "sudo", "pam_unix(sudo:session): session closed for user root")
        t2 += timedelta(seconds=rng.randint(20, 50))
    add(t2 + timedelta(minutes=3), f"sshd[{p}]", f"Received disconnect from {ATTACKER} port {port}:11: disconnected by user")
    add(t2 + timedelta(minutes=3), f"sshd[{p}]", "pam_unix(sshd:session): session closed for user deploy")

    events.sort(key=lambda e: e[0])  # stable: same-second lines keep their order
    # renumber process ids so they grow with time, as real PIDs do
    renumber: dict[str, int] = {}
    next_id = [3102]

    def fix(m: re.Match) -> str:
        old = m.group(2)
        if m.group(1) == "systemd-logind":
            return m.group(0)
        if old not in renumber:
            next_id[0] += rng.randint(2, 29)
            renumber[old] = next_id[0]
        return f"{m.group(1)}[{renumber[old]}]"

    events = [(ts, re.sub(r"^([\w-]+)\[(\d+)\]", fix, msg)) for ts, msg in events]
    lines = [f"{ts.strftime('%b')} {ts.day:>2} {ts.strftime('%H:%M:%S')} {HOST} {msg}" for ts, msg in events]
    write_text(OUT / "auth.log", "\n".join(lines) + "\n")
    print("wrote", OUT / "auth.log", f"({len(lines)} lines, {failures} attacker failures, success at {t_ok:%H:%M:%S})")


if __name__ == "__main__":
    main()
