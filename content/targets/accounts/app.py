"""The staff accounts portal (accounts.lab.internal): a staff login, password reset, and account pages.

Vulnerable on purpose:
- POST /login locks an account for 15 minutes after 5 failures within its observation window (15 seconds here, 15
  minutes on a real portal: an older failure is forgotten), whatever the source address; while it is locked even
  the right password is refused (lockout as a denial of service). It never limits an address, so one password
  tried on every account per round, with rounds paced slower than the window (spraying), is never stopped, and
  one staff account still uses a seasonal password.
- POST /reset mails a link whose token is md5("<username>:<request id>"), the id counting up by one per request:
  from one's own link, the next one (anybody's) is computed. Tokens never expire and are not deleted on use.
- The account pages send a different frame rule each: some can be framed (clickjacking), some cannot.
"""
import time

import weblab

app = weblab.App(['accounts.lab.internal', 'accounts'], server='accounts-portal/2.4')
KEY = 'accounts-portal-lab'  # derives staff ids and lock references, the same on every run
MAX_FAILURES = 5
WINDOW_SECONDS = 15
LOCK_SECONDS = 15 * 60
STAFF = {
    'admin': 'c9!Vr2#kLq7x', 'a.lindqvist': 'harbour-Gull-73', 'b.achebe': 'K3ttle#drum9', 'carol': 'Xq4!mZ7#vB2p',
    'c.ferrand': 'plum&Orchard41', 'd.novak': 'Wt8$hL3qR', 'e.kowalczyk': 'maple-Ridge-28', 'f.haddad': 'Zr5#pN1wK',
    'g.ibsen': 'copper.Lantern.6', 'h.mwangi': 'Bq2!tY9xM', 'i.sato': 'velvet_Fox_55', 'j.ortega': 'Autumn2025!',
    'k.brandt': 'Lm7@qR4zT', 'l.moreau': 'river-Stone-19', 'm.keller': 'Pz6#wQ2nV', 'n.varga': 'Hd8!kM3rX',
    'o.adeyemi': 'quiet-Meadow-84', 'p.quist': 'Yt4$bN8cL', 'r.silva': 'Winter2026!', 's.holm': 'Fx9!jD2sW',
    'tester': 'lab-tester-2026', 't.nguyen': 'amber-Field-37', 'u.petrov': 'Jk5#vR8mQ', 'w.grant': 'Nc3!xT6pB',
}
EMAIL = {user: f'{user}@corp.example' for user in STAFF}
EMAIL['tester'] = 'student@kali.lab.internal'
MAILBOX = '/home/student/inbox.mbox'  # the tester's mail, which the learner reads; everyone else's is not kept
failures = {}  # username -> times of its failures within the window
locked_until = {}
resets = {}  # request id -> (username, token)
next_reset = [5317]


def staff_id(user):
    return 'ST-' + weblab.token(KEY, 'staff', user, length=10).upper()


def lock_reference(user):
    return 'LCK-' + weblab.token(KEY, 'lock', user, length=8).upper()


@app.route('/login', methods=('POST',))
def login(request):
    user, password = request.form.get('username', ''), request.form.get('password', '')
    if locked_until.get(user, 0) > time.time():
        return weblab.text(f'Account locked after too many failed attempts. Lock reference {lock_reference(user)}:'
                           ' the account holder must call the service desk.\n', 423)
    if user in locked_until:  # the lock has ended: the count starts again
        del locked_until[user]
    if STAFF.get(user) != password:
        if user in STAFF:
            now = time.time()
            failures[user] = [at for at in failures.get(user, []) if now - at < WINDOW_SECONDS] + [now]
            if len(failures[user]) >= MAX_FAILURES:
                locked_until[user], failures[user] = now + LOCK_SECONDS, []
        return weblab.text('Invalid username or password.\n', 401)
    failures[user] = []
    return weblab.text(f'Welcome, {user}. Your staff ID is {staff_id(user)}.\n')


@app.route('/reset', methods=('POST',))
def request_reset(request):
    import hashlib

    user = request.form.get('username', '')
    if user in STAFF:
        number = next_reset[0]
        next_reset[0] += 1
        token = hashlib.md5(f'{user}:{number}'.encode()).hexdigest()
        resets[number] = (user, token)
        if user == 'tester':
            mail(f'From: Accounts Portal <no-reply@corp.example>\nTo: {EMAIL[user]}\n'
                 'Subject: Reset your password\n\nOpen this link to choose a new password:\n'
                 f'http://accounts.lab.internal/reset?id={number}&token={token}\n\n')
    return weblab.text('If the account exists, a reset link is on its way to its email address.\n')


def mail(message):
    """Delivers the tester's mail to the learner's mailbox, in a lab that has one."""
    try:
        with open(MAILBOX, 'a') as mailbox:
            mailbox.write(message)
    except OSError:
        pass


@app.route('/reset', methods=('GET',))
def reset_form(request):
    number = request.query.get('id', '')
    row = resets.get(int(number)) if number.isdigit() else None
    if row is None or row[1] != request.query.get('token'):
        return weblab.text('Invalid or expired link.\n', 400)
    return weblab.Response(f'<h1>New password for {row[0]}</h1><form method="post" action="/reset/confirm">'
                           f'<input type="hidden" name="id" value="{number}">'
                           f'<input type="hidden" name="token" value="{row[1]}">'
                           '<input name="password" type="password"><button>Save</button></form>\n')


@app.route('/reset/confirm', methods=('POST',))
def reset_confirm(request):
    number = request.form.get('id', '')
    row = resets.get(int(number)) if number.isdigit() else None
    if row is None or row[1] != request.form.get('token') or not request.form.get('password'):
        return weblab.text('Invalid or expired link.\n', 400)
    STAFF[row[0]] = request.form['password']  # the token stays valid: it is never deleted
    return weblab.text(f'Password changed for {row[0]}.\n')


XFO, CSP, CSP_RO = 'X-Frame-Options', 'Content-Security-Policy', 'Content-Security-Policy-Report-Only'
META_NONE = '<meta http-equiv="Content-Security-Policy" content="frame-ancestors \'none\'">'
PAGES = {  # path: (title, headers, extra head markup)
    '/': ('Accounts portal', [(XFO, 'DENY')], ''),
    '/login': ('Sign in', [(CSP, "default-src 'self'; frame-ancestors 'self'")], ''),
    '/help': ('Help', [(CSP_RO, "frame-ancestors 'none'; report-uri /csp-report")], ''),
    '/account/profile': ('Your profile', [(CSP, "default-src 'self'; frame-ancestors 'none'")], ''),
    '/account/password': ('Change password', [(XFO, 'ALLOW-FROM https://partner.example')], ''),
    '/account/email': ('Change email', [(XFO, 'DENY'), (CSP, 'frame-ancestors *')], ''),
    '/account/2fa': ('Two-factor authentication', [(XFO, 'SAMEORIGIN')], ''),
    '/account/api-keys': ('API keys', [(CSP_RO, "frame-ancestors 'none'")], ''),
    '/account/delete': ('Delete account', [(XFO, 'DENY')], ''),
    '/billing/cards': ('Saved cards', [], META_NONE),
    '/billing/transfer': ('Transfer', [(XFO, 'DENY'), (CSP, 'frame-ancestors https://*.partner.example')], ''),
    '/team/invite': ('Invite a colleague', [(CSP, "default-src 'self'")], ''),
    '/logout': ('Sign out', [(XFO, 'SAMEORIGIN'), (CSP, "frame-ancestors 'self'")], ''),
}


def page(path):
    title, headers, head = PAGES[path]

    def handler(request):
        body = f'<!doctype html>\n<html><head>{head}<title>{title}</title></head>\n<body><h1>{title}</h1></body></html>\n'
        return weblab.Response(body, headers=headers)

    return handler


for _path in PAGES:
    app.route(_path)(page(_path))
