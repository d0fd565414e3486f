"""The test bank (bank.lab.internal): a login, a transfer form, an email form and a JSON account API.

Vulnerable on purpose:
- The session cookie has no SameSite attribute, and the transfer form has no anti-CSRF token: a POST
  from any site, carrying the cookie, moves money (the email form has a token and shows the difference).
  The transfer's reference is derived from the request's Origin too (which the bank records, and checks no more
  than it checks Referer), so the reference of a forged transfer proves it came from the attacker's page.
- GET /api/account allows cross-origin reads with credentials for every Origin that merely starts with
  the bank's own origin (a prefix check).
"""
import weblab

app = weblab.App(['bank.lab.internal', 'bank'], server='Apache/2.4.57 (Debian)')
KEY = 'bank-lab'
ORIGIN = 'http://bank.lab.internal'
ACCOUNTS = {'alice': ('wonderland', 'DE44 5001 0517 5407 3249 31', 2410.55),
            'bob': ('builder42', 'DE89 3704 0044 0532 0130 00', 310.20)}
def user_of(request):
    cookie = request.cookies.get('bank_session', '')
    return next((user for user in ACCOUNTS if cookie == weblab.token(KEY, 'session', user)), None)


def csrf_token(user):
    return weblab.token(KEY, 'csrf', user, length=32)


def page(title, body):
    return weblab.Response(f'<!doctype html>\n<title>{title} - Lab Bank</title>\n{body}\n')


@app.route('/login', methods=('POST',))
def login(request):
    user, form = request.form.get('user', ''), request.form
    if user not in ACCOUNTS or ACCOUNTS[user][0] != form.get('password'):
        return page('Login', '<p>Wrong user or password.</p>').header('X-Login', 'failed')
    response = weblab.redirect('/account')
    return response.header('Set-Cookie', f'bank_session={weblab.token(KEY, "session", user)}; Path=/; HttpOnly')


@app.route('/transfer')
def transfer_form(request):
    if not user_of(request):
        return weblab.redirect('/login')
    return page('Transfer', '<form action="/transfer" method="POST">\n'
                            '  <input name="to"> <input name="amount">\n'
                            '  <button>Send</button>\n'
                            '</form>')


@app.route('/transfer', methods=('POST',))
def transfer(request):
    user = user_of(request)
    if not user:
        return weblab.text('Log in first\n', 401)
    to = request.form.get('to', '').replace(' ', '').upper()
    try:
        amount = f"{float(request.form.get('amount', '')):.2f}"
    except ValueError:
        return weblab.text('Amount must be a number\n', 400)
    origin = request.headers.get('origin', '')
    reference = 'TX-' + weblab.token(KEY, 'transfer', user, to, amount, origin, length=10).upper()
    return weblab.text(f'Sent {amount} EUR from {user} to {to}. Reference: {reference}\n')


@app.route('/settings/email')
def email_form(request):
    user = user_of(request)
    if not user:
        return weblab.redirect('/login')
    return page('Email', '<form action="/settings/email" method="POST">\n'
                         f'  <input type="hidden" name="csrf_token" value="{csrf_token(user)}">\n'
                         '  <input name="email">\n'
                         '  <button>Save</button>\n'
                         '</form>')


@app.route('/settings/email', methods=('POST',))
def change_email(request):
    user = user_of(request)
    if not user:
        return weblab.text('Log in first\n', 401)
    if request.form.get('csrf_token') != csrf_token(user):
        return weblab.text('Invalid CSRF token\n', 403)
    return weblab.text(f'Email of {user} changed to {request.form.get("email", "")}\n')


@app.route('/api/account')
def account(request):
    user = user_of(request)
    origin = request.headers.get('origin', '')
    response = (weblab.json_response({'user': user, 'iban': ACCOUNTS[user][1], 'balance': f'{ACCOUNTS[user][2]:.2f}'})
                if user else weblab.json_response({'error': 'log in first'}, 401))
    if origin.startswith(ORIGIN):  # meant to allow only the bank's own pages
        response.header('Access-Control-Allow-Origin', origin)
        response.header('Access-Control-Allow-Credentials', 'true')
        response.header('Vary', 'Origin')
    return response
