"""The recorded login responses of the quiz which-account-exists (module 04), `responses` by username: one file per username tried, identical except for the headers that always differ and, for the
one name with an account, the time the server took (it ran its slow password hash only for a real account); two
other names are a little slow for other reasons.
Deterministic."""
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(606)
NAMES = ['a.fontaine', 'admin', 'b.osei', 'c.moretti', 'd.kovac', 'e.sorensen', 'f.amini', 'g.oliveira', 'h.larsen',
         'i.mendes', 'j.whitaker', 'k.abara', 'l.ferreira', 'm.janssen', 'n.varga', 'o.brennan', 'p.quist',
         'r.tanaka', 's.holm', 't.brennan', 'u.saito', 'v.lopez', 'w.grant', 'support']
REAL = 't.brennan'
SLOW = {'c.moretti', 'support'}  # a garbage-collection pause or a cold cache: slower, but not by a password hash
BODY = '{"error":"Invalid username or password."}'
responses: dict[str, str] = {}
when = datetime(2026, 3, 4, 10, 15, 3, tzinfo=timezone.utc)
for name in NAMES:
    if name == REAL:
        runtime = rng.uniform(0.286, 0.318)
    elif name in SLOW:
        runtime = rng.uniform(0.041, 0.068)
    else:
        runtime = rng.uniform(0.0031, 0.0069)
    response = '\n'.join([
        'HTTP/1.1 401 Unauthorized',
        f'Date: {when:%a, %d %b %Y %H:%M:%S} GMT',
        'Content-Type: application/json',
        f'Content-Length: {len(BODY)}',
        'Cache-Control: no-store',
        f'X-Request-Id: {rng.getrandbits(64):016x}',
        f'X-Runtime: {runtime:.6f}',
        '',
        BODY,
    ])
    responses[name] = response + '\n'
    when += timedelta(seconds=rng.randint(1, 3))
