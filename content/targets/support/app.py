"""The support portal (support.lab.internal): a staff login, product manuals and greeting cards.

Vulnerable on purpose:
- POST /login says whether a username exists (enumeration); it locks an account after 5 failures but never
  limits an address, so one common password tried once on every account (spraying) is never stopped.
- POST /api/login answers every failure with the same status and message, but a real account's message comes
  from another template, one byte longer (enumeration by size).
- GET /manual?name= refuses "..", then percent-decodes the name a second time (path traversal with %252e).
- GET /card?template= fills a member's template with str.format (template injection reaching the module's
  globals, SIGNING_KEY among them).
"""
import os
import time

import weblab

app = weblab.App(['support.lab.internal', 'support'], server='support-portal/3.1')
DATA = '/tmp/support'
MANUALS = os.path.join(DATA, 'manuals')
SECRETS = weblab.lab_secrets(__file__, {'SIGNING_KEY': ('', 24), 'DEPLOY_TOKEN': ('dpl_', 16)})
SIGNING_KEY = SECRETS['SIGNING_KEY']  # signs card links; members must never see it
MAX_FAILURES = 5
LOCK_SECONDS = 15 * 60
STAFF = {
    'a.fontaine': 'Tr0ub4dor&3', 'b.osei': 'Spring2026!', 'c.moretti': 'velvet-Harbor-81', 'd.kovac': 'Qm7#pLx2vR',
    'e.sorensen': 'plum.orchard.44', 'f.amini': 'Zx9!hT4wq', 'g.oliveira': 'kettle-Drum-52', 'h.larsen': 'Spring2026!',
    'i.mendes': 'ocean&Maple7', 'j.whitaker': 'R4v3n#n1ght', 'k.abara': 'lime-Stone-19', 'helpdesk': 'Hd!2026-rota',
}
failures = {}
locked_until = {}


def write(path, content):
    """A file of the portal's, readable by its own account only: the learner reaches it through the portal or not at all."""
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 'w') as file:
        file.write(content)


write(os.path.join(MANUALS, 'index.txt'), 'Product manuals:\n  router-x200.txt\n  switch-s24.txt\n')
write(os.path.join(MANUALS, 'router-x200.txt'), 'X200 home router: quick start\n\n1. Connect the WAN port.\n')
write(os.path.join(MANUALS, 'switch-s24.txt'), 'S24 managed switch: quick start\n\n1. Connect to port 24.\n')
write(os.path.join(DATA, 'deploy.env'), '# used by the release job; never serve this file\n'
                                        f'DEPLOY_USER=support-release\nDEPLOY_TOKEN={SECRETS["DEPLOY_TOKEN"]}\n')


@app.route('/login', methods=('POST',))
def login(request):
    user, password = request.form.get('username', ''), request.form.get('password', '')
    if user not in STAFF:
        return weblab.text('Unknown username\n', 401)
    if locked_until.get(user, 0) > time.time():
        return weblab.text('Account locked: too many failed attempts, try again in 15 minutes\n', 423)
    if STAFF[user] != password:
        failures[user] = failures.get(user, 0) + 1
        if failures[user] >= MAX_FAILURES:
            locked_until[user], failures[user] = time.time() + LOCK_SECONDS, 0
        return weblab.text('Wrong password\n', 401)
    failures[user] = 0
    return weblab.text(f'Welcome, {user}\n')


@app.route('/api/login', methods=('POST',))
def api_login(request):
    user, password = request.form.get('username', ''), request.form.get('password', '')
    if user in STAFF and locked_until.get(user, 0) <= time.time() and STAFF[user] == password:
        failures[user] = 0
        return weblab.json_response({'user': user})
    if user not in STAFF:
        return weblab.json_response({'error': 'Invalid username or password.'}, 401)
    failures[user] = failures.get(user, 0) + 1
    if failures[user] >= MAX_FAILURES:
        locked_until[user], failures[user] = time.time() + LOCK_SECONDS, 0
    return weblab.json_response({'error': 'Invalid username or password. '}, 401)  # the other template


@app.route('/manual')
def manual(request):
    name = request.query.get('name', 'index.txt')
    if '..' in name:  # no directory traversal
        return weblab.text('Bad name\n', 400)
    try:
        with open(os.path.join(MANUALS, weblab.unquote(name, plus=False)), 'rb') as file:  # decoded once more: the flaw
            return weblab.Response(file.read(), content_type='text/plain; charset=utf-8')
    except OSError:
        return weblab.text('No such manual\n', 404)


class Member:
    def __init__(self, name, email):
        self.name = name
        self.email = email


@app.route('/card')
def card(request):
    template = request.query.get('template', 'Hello {user.name}')
    return weblab.text(template.format(user=Member('Robin', 'robin@example.org')) + '\n')
