"""The avatar service (avatars.lab.internal): import an avatar from a URL, or upload one.

Vulnerable on purpose:
- POST /api/avatar/import fetches any http:// URL it is given, from the server, and answers with what it
  fetched: server-side request forgery, as far as the instance metadata service. The thumbnail service
  (thumbs/app.py) serves this same importer.
- POST /upload checks only the last extension and the first bytes, keeps the uploader's file name, and
  /uploads/ hands every file with a .py extension anywhere in its name to the Python interpreter and serves
  what it prints (as mod_php's AddHandler hands .php.gif to PHP): a GIF that is also Python runs on the server.
"""
import os
import re
import socket
import sys

import weblab

app = weblab.App(['avatars.lab.internal', 'avatars'], server='avatars/1.4')
UPLOADS = '/tmp/avatar-uploads'
MAGIC = {'gif': (b'GIF87a', b'GIF89a'), 'png': (b'\x89PNG\r\n\x1a\n',), 'jpg': (b'\xff\xd8\xff',),
         'jpeg': (b'\xff\xd8\xff',)}
TYPES = {'gif': 'image/gif', 'png': 'image/png', 'jpg': 'image/jpeg', 'jpeg': 'image/jpeg', 'svg': 'image/svg+xml'}
DEFAULT_AVATAR = ('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
                  '<circle cx="32" cy="32" r="30" fill="#8ab"/></svg>\n')
CGI_HEADER = re.compile(r'^[A-Za-z][A-Za-z0-9-]*:[ \t]*\S')
os.makedirs(UPLOADS, exist_ok=True)


def fetch(url):
    """GET over plain HTTP with a socket: (status, body). No allow-list, no check of the address: the flaw."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme != 'http' or not parts.hostname:
        raise ValueError('only http:// URLs can be imported')
    path = (parts.path or '/') + (f'?{parts.query}' if parts.query else '')
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=5) as conn:
        conn.sendall(f'GET {path} HTTP/1.0\r\nHost: {parts.netloc}\r\nUser-Agent: avatar-importer/1.4\r\n\r\n'.encode())
        data = b''
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b'\r\n\r\n')
    return int(head.split(b' ', 2)[1]), body


@app.route('/static/default.svg')
def default_avatar(request):
    return weblab.Response(DEFAULT_AVATAR, content_type='image/svg+xml')


@app.route('/api/avatar/import', methods=('POST',))
def import_avatar(request):
    try:
        url = request.json().get('url', '')
        status, body = fetch(url)
    except (ValueError, AttributeError, OSError) as error:
        return weblab.json_response({'error': f'could not import: {error}'}, 502)
    if status != 200:
        return weblab.json_response({'error': f'the server answered {status}'}, 502)
    return weblab.Response(body, content_type='text/plain; charset=utf-8')


def check(name, data):
    extension = name.rsplit('.', 1)[-1].lower()
    if extension not in MAGIC:
        return 'only .gif, .png, .jpg and .jpeg files'
    if not data.startswith(MAGIC[extension]):
        return f'not a {extension.upper()} image'
    return None


@app.route('/upload', methods=('POST',))
def upload(request):
    files, _ = request.files()
    if 'avatar' not in files:
        return weblab.text('Send the file in the field "avatar"\n', 400)
    name, data = files['avatar']
    name = os.path.basename(name)
    problem = check(name, data)
    if problem:
        return weblab.text(f'Rejected: {problem}\n', 400)
    with open(os.path.join(UPLOADS, name), 'wb') as stored:
        stored.write(data)
    return weblab.text(f'Stored as /uploads/{name}\n', 201)


def script_response(output):
    """What a handler serves of a script's output: CGI headers first, as Apache's mod_cgi reads them, when the
    script printed any (`Content-Type: text/plain` and a blank line); otherwise the whole output, as text."""
    head, blank, body = output.replace(b'\r\n', b'\n').partition(b'\n\n')
    lines = head.decode('latin-1').split('\n')
    if not blank or not all(CGI_HEADER.match(line) for line in lines):
        return weblab.Response(output, content_type='text/plain; charset=utf-8')
    headers = [tuple(part.strip() for part in line.split(':', 1)) for line in lines]
    status = next((int(value[:3]) for name, value in headers if name.lower() == 'status' and value[:3].isdigit()), 200)
    content_type = next((value for name, value in headers if name.lower() == 'content-type'), 'text/html')
    others = [(name, value) for name, value in headers if name.lower() not in ('status', 'content-type')]
    return weblab.Response(body, status, content_type, others)


@app.route('/uploads/<name>')
def uploaded(request):
    path = os.path.join(UPLOADS, os.path.basename(request.params['name']))
    if not os.path.isfile(path):
        return weblab.text('Not found\n', 404)
    if 'py' in path.lower().split('.')[1:]:  # the handler maps .py wherever it appears in the name
        import subprocess

        env = dict(os.environ, QUERY_STRING=request.query_string, REQUEST_METHOD='GET')
        run = subprocess.run([sys.executable, '-S', path], env=env, capture_output=True, timeout=20, cwd=UPLOADS)
        return script_response(run.stdout + run.stderr)
    with open(path, 'rb') as stored:
        return weblab.Response(stored.read(), content_type=TYPES.get(path.rsplit('.', 1)[-1].lower(), 'text/plain'))
