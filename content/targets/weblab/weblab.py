"""weblab: the small web framework of Bastion's lab targets (Python's standard library only).

One process serves every application of a lab, each under its own host names (the Host header decides),
on one port. Python starts slowly in the emulated lab (each module is read from the image and run), so
this module imports only `socket`, `threading` and `time`: no `re`, `urllib` or `hashlib` until a request
needs them. Run it with `python3 -S` (no site packages) to save another second or more.

The targets are deliberately vulnerable; nothing here escapes output or checks input on their behalf.
Everything they generate (session ids, tokens, references) is derived from fixed keys, so a lab replays
the same responses every time.
"""
import socket
import threading
import time

STATUS = {
    200: 'OK', 201: 'Created', 302: 'Found', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
    404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 423: 'Locked',
    429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway',
}
MAX_BODY = 1024 * 1024


def unquote(text, plus=True):
    """Percent-decoding as in a URL's query (`+` is a space unless plus=False), without importing urllib."""
    if plus:
        text = text.replace('+', ' ')
    if '%' not in text:
        return text
    parts = text.split('%')
    data = parts[0].encode()
    for part in parts[1:]:
        try:
            data += bytes.fromhex(part[:2]) + part[2:].encode()
        except ValueError:
            data += ('%' + part).encode()
    return data.decode('utf-8', 'replace')


def parse_query(text):
    """`a=1&b=x+y` as {'a': '1', 'b': 'x y'}; the last of a repeated name wins."""
    pairs = (pair.partition('=') for pair in text.split('&') if pair)
    return {unquote(name): unquote(value) for name, _, value in pairs}


class Request:
    def __init__(self, method, target, headers, body, client):
        self.method = method
        path, _, query = target.partition('?')
        self.path = unquote(path, plus=False)
        self.raw_path = path
        self.query_string = query
        self.query = parse_query(query)
        self.headers = headers
        self.body = body
        self.client = client
        self.params = {}

    @property
    def host(self):
        return self.headers.get('host', '').rsplit(':', 1)[0].lower()

    @property
    def form(self):
        if 'application/x-www-form-urlencoded' in self.headers.get('content-type', ''):
            return parse_query(self.body.decode('utf-8', 'replace'))
        return {}

    @property
    def cookies(self):
        jar = {}
        for part in self.headers.get('cookie', '').split(';'):
            name, _, value = part.strip().partition('=')
            if name:
                jar[name] = value
        return jar

    def json(self):
        import json

        return json.loads(self.body or b'null')

    def files(self):
        """The file fields of a multipart/form-data body: {field: (filename, bytes)}, and its other fields."""
        import re

        match = re.search(r'boundary="?([^";]+)"?', self.headers.get('content-type', ''))
        files, fields = {}, {}
        if not match:
            return files, fields
        for part in self.body.split(b'--' + match.group(1).encode())[1:-1]:
            head, _, data = part.strip(b'\r\n').partition(b'\r\n\r\n')
            head = head.decode('utf-8', 'replace')
            name = re.search(r'name="([^"]*)"', head)
            filename = re.search(r'filename="([^"]*)"', head)
            if not name:
                continue
            if filename:
                files[name.group(1)] = (filename.group(1), data)
            else:
                fields[name.group(1)] = data.decode('utf-8', 'replace')
        return files, fields


class Response:
    def __init__(self, body=b'', status=200, content_type='text/html; charset=utf-8', headers=None):
        self.body = body.encode() if isinstance(body, str) else body
        self.status = status
        self.headers = [('Content-Type', content_type)] if content_type else []
        self.headers += list(headers or [])

    def header(self, name, value):
        self.headers.append((name, value))
        return self


def text(body, status=200):
    return Response(body, status, 'text/plain; charset=utf-8')


def json_response(data, status=200):
    import json

    return Response(json.dumps(data) + '\n', status, 'application/json')


def redirect(location, status=302):
    return Response(b'', status, None, [('Location', location)])


class App:
    """One web application: its host names, its routes (`/invoices/<id>` binds `id`) and a Server header."""

    def __init__(self, hosts, server='weblab'):
        self.hosts = tuple(hosts)
        self.server = server
        self.routes = []

    def route(self, pattern, methods=('GET',)):
        def register(handler):
            self.routes.append((pattern.split('/'), tuple(methods), handler))
            return handler

        return register

    def handle(self, request):
        allowed = False
        segments = request.path.split('/')
        for pattern, methods, handler in self.routes:
            params = _match(pattern, segments)
            if params is None:
                continue
            if request.method not in methods:
                allowed = True
                continue
            request.params = params
            return handler(request)
        return text('Method not allowed\n', 405) if allowed else text('Not found\n', 404)


def _match(pattern, segments):
    """The values of a route's `<name>` segments when the path fits it, else None."""
    if len(pattern) != len(segments):
        return None
    params = {}
    for expected, actual in zip(pattern, segments):
        if expected.startswith('<') and expected.endswith('>') and actual:
            params[expected[1:-1]] = actual
        elif expected != actual:
            return None
    return params


def serving_only(app_file, *paths):
    """Another application's module (run for its data and its handlers) serving only the routes of `paths`, under
    its own host names: a lab that teaches one endpoint leaves the others, and their easier ways in, out."""
    namespace = {'__name__': app_file, '__file__': app_file}
    with open(app_file) as source:
        exec(compile(source.read(), app_file, 'exec'), namespace)
    whole = namespace['app']
    part = App(whole.hosts, whole.server)
    part.routes = [route for route in whole.routes if '/'.join(route[0]) in paths]
    return part


def lab_secrets(app_file, defaults):
    """The values a lab gives an application in `secrets.env` beside its module: `NAME=value` lines, each learner's
    own, written by the lab's setup and readable by the service's account alone. A name the file does not give
    takes its default (prefix, length): that many random hex digits, so a lab that does not ask for a value holds
    one that nobody knows."""
    import os

    given = {}
    try:
        with open(os.path.join(os.path.dirname(app_file), 'secrets.env')) as file:
            for line in file:
                name, _, value = line.rstrip('\n').partition('=')
                given[name] = value
    except FileNotFoundError:
        pass
    return {
        name: given.get(name) or prefix + os.urandom(length).hex()[:length]
        for name, (prefix, length) in defaults.items()
    }


def token(key, *parts, length=24):
    """A value that looks random and is the same on every run: a keyed hash of its parts."""
    import hashlib

    data = '\0'.join(str(part) for part in parts).encode()
    return hashlib.sha256(key.encode() + b'\0' + data).hexdigest()[:length]


def _read_request(conn):
    data = b''
    while b'\r\n\r\n' not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
        if len(data) > 65536:
            return None
    head, _, body = data.partition(b'\r\n\r\n')
    lines = head.decode('latin-1').split('\r\n')
    parts = lines[0].split(' ')
    if len(parts) != 3:
        return None
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(':')
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get('content-length') or 0)
    if length > MAX_BODY:
        return None
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return parts[0], parts[1], headers, body[:length]


def _serve_connection(conn, address, apps):
    with conn:
        try:
            parsed = _read_request(conn)
            if parsed is None:
                return
            request = Request(*parsed, client=address[0])
            app = next((a for a in apps if request.host in a.hosts), apps[0])
            try:
                response = app.handle(request)
            except Exception as error:  # the targets show their errors, as careless applications do
                response = text(f'Internal Server Error\n{type(error).__name__}: {error}\n', 500)
            head = [f'HTTP/1.1 {response.status} {STATUS.get(response.status, "OK")}',
                    f'Server: {app.server}',
                    'Date: ' + time.strftime('%a, %d %b %Y %H:%M:%S GMT', time.gmtime())]
            head += [f'{name}: {value}' for name, value in response.headers]
            head += [f'Content-Length: {len(response.body)}', 'Connection: close']
            body = b'' if request.method == 'HEAD' else response.body
            conn.sendall(('\r\n'.join(head) + '\r\n\r\n').encode('utf-8') + body)
        except OSError:
            pass


def serve(apps, port=80, address='0.0.0.0'):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((address, port))
    listener.listen(16)
    while True:
        conn, client = listener.accept()
        threading.Thread(target=_serve_connection, args=(conn, client, apps), daemon=True).start()
