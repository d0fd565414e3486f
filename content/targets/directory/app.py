"""The user directory (directory.lab.internal): Harbour Tools' accounts as a read-only JSON API.

What the scripting course's labs find here:
- GET /robots.txt asks crawlers to keep out of paths it thereby names. All but one answer 401, 403 or 404; the
  retired /old-directory/ still answers, with a test account's password in its source (TEST_PASSWORD, the lab's
  secret in secrets.env).
- GET /api/users?page=N lists the accounts by blocks of ten IDs, with the page count and the next page's path;
  deleted accounts leave gaps, and a whole block (page 5) is empty. GET /api/users/<id> is one account. Both are
  rate limited per client address: BURST requests at once, then one every EVERY seconds; a request over the limit
  answers 429 Too Many Requests with Retry-After, so a loop that does not wait loses pages.
- GET /api/changes serves the approved access changes a page at a time, behind opaque cursors, each signed with
  HMAC-SHA256 by the approval workflow (the learner holds the sync job's key); two were changed after signing.

The accounts and the changes are data.json beside this module, written by scripts/content/courses/security-scripting
and read at the first API request (json is imported then, not at start-up).
"""
import os
import threading
import time

import weblab

app = weblab.App(['directory.lab.internal', 'directory'], server='harbour-directory/1.4')
HERE = os.path.dirname(__file__)
TEST_PASSWORD = weblab.lab_secrets(__file__, {'TEST_PASSWORD': ('', 14)})['TEST_PASSWORD']
BURST, EVERY = 3, 3
READ = ('GET', 'HEAD')

ROBOTS = """# Harbour Tools directory: crawlers keep out of these
User-agent: *
Disallow: /admin/
Disallow: /backup/
Disallow: /directory-export.csv
Disallow: /.git/
Disallow: /staging/
Disallow: /old-directory/
Disallow: /internal/reports/
Disallow: /cgi-bin/
"""

OLD_DIRECTORY = """<!doctype html>
<html><head><title>Harbour Tools: staff directory (2019)</title></head>
<body><h1>Staff directory</h1>
<p>Search colleagues by name, team or extension. Staff login required.</p>
<!-- TODO remove before go-live: test account dirtest / {password} -->
<form method="post" action="/old-directory/login">
<input name="user"> <input name="pass" type="password"> <button>Log in</button>
</form></body></html>
"""

API_DOC = """Harbour Tools user directory API (read-only, internal)

GET /api/users?page=N  the accounts, by blocks of ten IDs: page 1 holds
                       IDs 1001-1010, page 2 IDs 1011-1020, and so on.
                       Answers "page", "pages", "users" and "next" (the next
                       page's path, null on the last). Deleted accounts
                       leave gaps: a page can be short, or empty.
GET /api/users/<id>    one account; a deleted one answers 404.
GET /api/changes       the access changes approved for the single sign-on,
                       a page at a time: "items", and "next" to follow
                       until it is null.

An account: id, username, role (staff, contractor, admin), team, mfa (true
or false), active (false once disabled), last_login (UTC).

/api/users is rate limited per client. Over the limit it answers 429 Too
Many Requests, with Retry-After: the seconds to wait before asking again.

The approval workflow signs each access change as it approves it: "sig" is
the hex HMAC-SHA256, with the sync job's key, of the four fields exactly as
served, joined by "|":
  id|user|change|approved_by
"""

_data = {}
buckets = {}  # client address: (tokens, when)
buckets_lock = threading.Lock()


def data():
    """data.json, parsed once (the first API request pays for importing json)."""
    if not _data:
        import json

        with open(os.path.join(HERE, 'data.json')) as file:
            _data.update(json.load(file))
    return _data


def json_listing(fields, name, items, next_path):
    """A page of a listing as JSON, one item to a line, so that it reads well in a terminal."""
    import json

    lines = ['{'] + [f'  {json.dumps(key)}: {json.dumps(value)},' for key, value in fields]
    if items:
        lines += [f'  {json.dumps(name)}: [', ',\n'.join('    ' + json.dumps(item) for item in items), '  ],']
    else:
        lines.append(f'  {json.dumps(name)}: [],')
    lines += [f'  "next": {json.dumps(next_path)}', '}']
    return weblab.Response('\n'.join(lines) + '\n', content_type='application/json')


def over_limit(client):
    """None while `client` is within the limit (a token bucket: BURST at once, one more every EVERY seconds), else
    the whole seconds it must wait for the next request to pass."""
    now = time.monotonic()
    with buckets_lock:
        tokens, then = buckets.get(client, (BURST, now))
        tokens = min(BURST, tokens + (now - then) / EVERY)
        if tokens >= 1:
            buckets[client] = (tokens - 1, now)
            return None
        buckets[client] = (tokens, now)
    return max(1, int((1 - tokens) * EVERY + 0.999))


def too_many(wait):
    return weblab.json_response({'error': 'Too many requests: slow down', 'retry_after': wait}, 429).header(
        'Retry-After', str(wait))


def not_found(what):
    return weblab.json_response({'error': f'No such {what}'}, 404)


@app.route('/', methods=READ)
def index(request):
    return weblab.text('Harbour Tools user directory. The API is documented at /api/\n')


@app.route('/robots.txt', methods=READ)
def robots(request):
    return weblab.text(ROBOTS)


@app.route('/admin/', methods=READ)
def admin(request):
    return weblab.text('Authentication required\n', 401).header('WWW-Authenticate', 'Basic realm="directory admin"')


@app.route('/.git/', methods=READ)
def git(request):
    return weblab.text('Forbidden\n', 403)


@app.route('/old-directory/', methods=READ)
def old_directory(request):
    return weblab.Response(OLD_DIRECTORY.format(password=TEST_PASSWORD))


@app.route('/api', methods=READ)
@app.route('/api/', methods=READ)
def api_doc(request):
    return weblab.text(API_DOC)


@app.route('/api/users', methods=READ)
def users(request):
    wait = over_limit(request.client)
    if wait:
        return too_many(wait)
    d = data()
    pages = (d['last_id'] - d['first_id']) // d['per_page'] + 1
    number = request.query.get('page', '1')
    if not number.isdigit() or not 1 <= int(number) <= pages:
        return not_found('page')
    number = int(number)
    low = d['first_id'] + (number - 1) * d['per_page']
    listed = [user for user in d['users'] if low <= user['id'] < low + d['per_page']]
    next_path = f'/api/users?page={number + 1}' if number < pages else None
    return json_listing([('page', number), ('pages', pages)], 'users', listed, next_path)


@app.route('/api/users/<id>', methods=READ)
def user(request):
    wait = over_limit(request.client)
    if wait:
        return too_many(wait)
    uid = request.params['id']
    found = [u for u in data()['users'] if uid.isdigit() and u['id'] == int(uid)]
    return weblab.json_response(found[0]) if found else not_found('user')


@app.route('/api/changes', methods=READ)
def changes(request):
    pages = data()['change_pages']
    cursor = request.query.get('cursor', '')
    at = [n for n, page in enumerate(pages) if page['cursor'] == cursor]
    if not at:
        return not_found('page')
    n = at[0]
    next_path = f'/api/changes?cursor={pages[n + 1]["cursor"]}' if n + 1 < len(pages) else None
    return json_listing([], 'items', pages[n]['items'], next_path)
