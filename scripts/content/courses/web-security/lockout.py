"""The attempt log (`log`) of the quiz lockout-as-denial-of-service (module 04), and how many right-password logins
the lockout policy in that quiz would refuse (`replay`). Deterministic."""
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(404)
DAY = datetime(2026, 3, 4, 8, 0, 0, tzinfo=timezone.utc)
THRESHOLD, LOCK = 5, timedelta(minutes=15)
USERS = ['anna', 'ben', 'chloe', 'dev', 'emma', 'farid', 'grace', 'hugo']
attempts = []  # (time, ip, user, right password?)


def at(minutes, seconds=0):
    return DAY + timedelta(minutes=minutes, seconds=seconds)


# The attacker locks three accounts on purpose: five wrong passwords, again one second after each lock ends.
for user, first in (('anna', 2), ('dev', 3), ('grace', 4)):
    for burst in range(6):
        start = at(first) + burst * (LOCK + timedelta(seconds=5))
        for n in range(5):
            attempts.append((start + timedelta(seconds=n), '198.51.100.14', user, False))

# Staff: ordinary logins, a few typos, and some at the edges of the locks.
home = {user: f'192.0.2.{30 + i}' for i, user in enumerate(USERS)}
for user in USERS:
    for _ in range(rng.randint(3, 5)):
        when = at(rng.randint(0, 100), rng.randint(0, 59))
        for _ in range(rng.choice([0, 0, 0, 1, 2])):
            attempts.append((when, home[user], user, False))
            when += timedelta(seconds=rng.randint(4, 20))
        attempts.append((when, home[user], user, True))
# Edge cases: a success exactly when a lock ends; four typos then a success; a user who retries into a lock.
attempts.append((at(18, 3), home['dev'], 'dev', True))  # dev's first lock runs 08:03:04 to 08:18:04: refused
attempts.append((at(18, 4), home['dev'], 'dev', True))  # the second the lock ends: allowed
for n in range(4):
    attempts.append((at(50, 10 * n), home['hugo'], 'hugo', False))
attempts.append((at(50, 45), home['hugo'], 'hugo', True))
attempts.append((at(51, 30), home['hugo'], 'hugo', False))
attempts.sort()


def replay(attempts):
    failures, locked_until, refused_right = {}, {}, 0
    for when, _ip, user, right in attempts:
        if user in locked_until:
            if when < locked_until[user]:
                refused_right += right
                continue
            del locked_until[user]
            failures[user] = 0
        if right:
            failures[user] = 0
            continue
        failures[user] = failures.get(user, 0) + 1
        if failures[user] == THRESHOLD:
            locked_until[user] = when + LOCK
    return refused_right


log = ''.join(f'{when:%Y-%m-%dT%H:%M:%SZ} ip={ip} user={user} password={"right" if right else "wrong"}\n'
              for when, ip, user, right in attempts)
