"""The login log (`log`) of the quiz spray-or-stuffing (module 04): a day of a login service with ordinary
traffic, one brute-force run, a credential-stuffing run from a proxy pool and two password-spraying rounds.
Deterministic: the same log every run."""
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(20260303)
START = datetime(2026, 3, 3, 7, 0, 0, tzinfo=timezone.utc)

STAFF = sorted([
    'a.moreau', 'b.keller', 'c.ruiz', 'd.okafor', 'e.lindqvist', 'f.haddad', 'g.tanaka', 'h.novak', 'i.petrov',
    'j.mensah', 'k.schmidt', 'l.costa', 'm.dubois', 'n.iyer', 'o.walsh', 'p.rossi', 'q.zhang', 'r.silva',
    's.nowak', 't.nguyen', 'u.bauer', 'v.kowalski', 'w.evans', 'x.fischer', 'y.yilmaz', 'z.andersen',
])
ACCOUNTS = [f'{name}@corp.example' for name in STAFF]
FOREIGN = ['qwerty.king', 'sunny.days', 'mike1987', 'anna.b', 'trader.joe', 'kitty.cat', 'ptr.olsen', 'dana.k',
           'gamer4life', 'lucas.m', 'rosa.p', 'tomtom', 'elena.v', 'b.wayne', 'jojo88', 'nina.s', 'oscar.w',
           'h4x0r', 'maria.l', 'sam.t', 'ivy.green', 'leo.r', 'zoe.f', 'max.power', 'ola.n', 'vik.t']
events = []


def add(when, ip, user, result):
    events.append((when, ip, user, result))


# Ordinary traffic: each employee logs in from their own address a few times, sometimes after one typo.
for index, user in enumerate(ACCOUNTS):
    ip = f'192.0.2.{20 + index}'
    for _ in range(rng.randint(1, 3)):
        when = START + timedelta(seconds=rng.randint(0, 10 * 3600))
        if rng.random() < 0.3:
            add(when, ip, user, 'fail')
            when += timedelta(seconds=rng.randint(5, 30))
        add(when, ip, user, 'ok')

# Brute force: one address, one account, a wordlist at a few tries a second, never successful.
when = START + timedelta(hours=2, minutes=13)
for _ in range(60):
    add(when, '198.51.100.66', 'admin@corp.example', 'fail')
    when += timedelta(seconds=rng.randint(1, 3))

# Credential stuffing: pairs from another site's breach, one try each, from a proxy pool.
reused = ['k.schmidt@corp.example'] + rng.sample([a for a in ACCOUNTS if a != 'k.schmidt@corp.example'], 5)
stuffed = [f'{name}@mail.example' for name in FOREIGN] + reused
rng.shuffle(stuffed)
when = START + timedelta(hours=4, minutes=2)
for user in stuffed:
    ip = f'203.0.113.{rng.randint(2, 250)}'
    result = 'unknown_user' if user.endswith('@mail.example') else 'fail'
    if user == 'k.schmidt@corp.example':
        result = 'ok'  # this person reused their breached password here
    add(when, ip, user, result)
    when += timedelta(seconds=rng.randint(2, 40))

# Password spraying: two rounds an hour apart, every real account once per round, from two addresses.
for round_start, ip in ((START + timedelta(hours=5, minutes=30), '198.51.100.23'),
                        (START + timedelta(hours=6, minutes=31), '198.51.100.24')):
    when = round_start
    for user in ACCOUNTS:
        result = 'ok' if (ip.endswith('.24') and user == 'r.silva@corp.example') else 'fail'
        add(when, ip, user, result)
        when += timedelta(seconds=rng.randint(4, 9))

log = ''.join(f'{when:%Y-%m-%dT%H:%M:%SZ} login ip={ip} user={user} result={result}\n'
              for when, ip, user, result in sorted(events))
