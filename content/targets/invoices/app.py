"""The invoices API (invoices.lab.internal): customers log in for a JWT and read their invoices.

Vulnerable on purpose:
- GET /api/invoices/<id> checks the token but not whose invoice it is (IDOR).
- Tokens are HS256 with a secret from a common word list (crackable offline from one token), and a token
  whose header says "alg": "none" is accepted without a signature; the payload's role is trusted.
"""
import time

import weblab

app = weblab.App(['invoices.lab.internal', 'invoices'], server='invoices-api/2.3')
SECRET = b'butterfly'  # in every common password list: the weakness the lesson teaches
LIFETIME = 3600

CUSTOMERS = {
    1042: ('alice', 'wonderland', 'alice@example.com'), 1077: ('bob', 'builder42', 'bob@example.com'),
    988: ('m.garcia', None, 'm.garcia@example.org'), 1003: ('t.okafor', None, 'tunde.okafor@example.net'),
    1019: ('s.lindgren', None, 'sara.lindgren@example.se'), 1050: ('p.moreau', None, 'p.moreau@example.fr'),
    1061: ('y.tanaka', None, 'yuki.tanaka@example.jp'), 1088: ('r.costa', None, 'rita.costa@example.pt'),
    1094: ('h.schmidt', None, 'h.schmidt@example.de'), 1101: ('n.abara', None, 'ngozi.abara@example.com'),
}
ITEMS = ['Desk lamp', 'Office chair', 'Monitor arm', 'USB-C dock', 'Bookshelf', 'Cable tray', 'Foot rest',
         'Reading lamp', 'Webcam cover', 'Lamp shade', 'Floor lamp']
PRICES = {'Desk lamp': 19.90, 'Office chair': 249.00, 'Monitor arm': 79.50, 'USB-C dock': 129.00,
          'Bookshelf': 159.00, 'Cable tray': 24.90, 'Foot rest': 39.00, 'Reading lamp': 34.50,
          'Webcam cover': 4.90, 'Lamp shade': 12.00, 'Floor lamp': 49.00, 'Standing desk': 489.00}


def _invoices():
    """Invoices 7701 to 7740, spread over the customers; one of them holds the only standing desk."""
    ids = sorted(CUSTOMERS)
    invoices = {}
    for n in range(40):
        number = 7701 + n
        customer = ids[(n * 7) % len(ids)]
        items = [ITEMS[(n * 3) % len(ITEMS)]] + ([ITEMS[(n * 5 + 1) % len(ITEMS)]] if n % 3 == 0 else [])
        if number == 7723:
            items = ['Standing desk', 'Cable tray']
        if number == 7730:
            customer, items = 1042, ['Desk lamp']
        total = sum(PRICES[item] for item in items)
        invoices[number] = {'id': number, 'customer': customer, 'email': CUSTOMERS[customer][2],
                            'total': f'{total:.2f}', 'items': items, 'paid': n % 4 != 1}
    return invoices


INVOICES = _invoices()


def b64url(data):
    import base64

    return base64.urlsafe_b64encode(data).rstrip(b'=').decode()


def b64url_decode(text):
    import base64

    return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))


def sign(head, body):
    import hashlib
    import hmac

    return b64url(hmac.new(SECRET, f'{head}.{body}'.encode(), hashlib.sha256).digest())


def issue(customer):
    import json

    name = CUSTOMERS[customer][0]
    now = int(time.time())
    head = b64url(json.dumps({'alg': 'HS256', 'typ': 'JWT'}, separators=(',', ':')).encode())
    body = b64url(json.dumps({'sub': str(customer), 'name': name, 'role': 'user', 'iat': now,
                              'exp': now + LIFETIME}, separators=(',', ':')).encode())
    signature = sign(head, body)
    return f'{head}.{body}.{signature}'


def claims(request):
    """The token's payload when the server accepts it, else None."""
    import hmac
    import json

    auth = request.headers.get('authorization', '')
    if not auth.startswith('Bearer '):
        return None
    try:
        head, body, signature = auth[7:].strip().split('.')
        header = json.loads(b64url_decode(head))
        payload = json.loads(b64url_decode(body))
    except ValueError:
        return None
    if header.get('alg', '').lower() != 'none':  # "none" needs no signature: the flaw
        if not hmac.compare_digest(sign(head, body), signature):
            return None
    if payload.get('exp', 0) < time.time():
        return None
    return payload


def unauthorised():
    return weblab.json_response({'error': 'missing or invalid token'}, 401)


@app.route('/api/login', methods=('POST',))
def login(request):
    form = request.json() if 'json' in request.headers.get('content-type', '') else request.form
    for customer, (name, password, _) in CUSTOMERS.items():
        if password and name == form.get('username') and password == form.get('password'):
            return weblab.json_response({'token': issue(customer), 'expires_in': LIFETIME})
    return weblab.json_response({'error': 'wrong username or password'}, 401)


@app.route('/api/invoices')
def my_invoices(request):
    payload = claims(request)
    if payload is None:
        return unauthorised()
    mine = [number for number, invoice in INVOICES.items() if str(invoice['customer']) == payload.get('sub')]
    return weblab.json_response({'invoices': mine})


@app.route('/api/invoices/<number>')
def invoice(request):
    if claims(request) is None:
        return unauthorised()
    found = INVOICES.get(int(request.params['number'])) if request.params['number'].isdigit() else None
    return weblab.json_response(found) if found else weblab.json_response({'error': 'no such invoice'}, 404)


@app.route('/api/admin/summary')
def summary(request):
    payload = claims(request)
    if payload is None:
        return unauthorised()
    if payload.get('role') != 'admin':
        return weblab.json_response({'error': 'admins only'}, 403)
    unpaid = [i for i in INVOICES.values() if not i['paid']]
    total = sum(float(i['total']) for i in unpaid)
    return weblab.json_response({'invoices': len(INVOICES), 'unpaid': len(unpaid), 'unpaid_total': f'{total:.2f}',
                                 'largest_unpaid': max(unpaid, key=lambda i: float(i['total']))['id']})
