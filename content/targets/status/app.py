"""The uptime checker of Harbourside Freight's intranet (status.lab.internal): the network team's "is it up?" page.

Vulnerable on purpose:
- GET /check?host= runs `ping -c 1 -W 1 <host>` through /bin/sh, waits for it, and answers the same sentence
  whatever happened: the output is thrown away. After the diagnostics page was broken with a newline, its
  blocklist refuses ; & | ` and line breaks, but not `$( )`, a command substitution the shell runs before
  ping: blind OS command injection, as the service's account. It shows in the response time (`sleep`) and
  leaves the server in a DNS lookup (`nslookup` of a name the tester watches).
"""
import weblab

app = weblab.App(['status.lab.internal', 'status'], server='nginx/1.22.1')
REFUSED = ';&|`\n\r'
TIMEOUT = 15
FORM = ('<form action="/check"><input name="host" placeholder="host name or IP address">'
        ' <button>Check</button></form>')


def page(body):
    return weblab.Response(f'<!doctype html>\n<title>Uptime checks - Harbourside intranet</title>\n{body}\n')


@app.route('/')
def index(request):
    return page(f'<h1>Uptime checks</h1>\n{FORM}\n<p>Results are mailed to the network team.</p>')


@app.route('/check')
def check(request):
    import subprocess

    host = request.query.get('host', '').strip()
    if not host:
        return index(request)
    if any(char in host for char in REFUSED):
        return weblab.text('Invalid host\n', 400)
    try:
        subprocess.run(f'ping -c 1 -W 1 {host}', shell=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pass
    return page('<h1>Check done</h1>\n<p>The result has been mailed to the network team.</p>\n'
                '<p><a href="/">Check another host</a></p>')
