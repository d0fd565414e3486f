"""The network diagnostics page of Harbourside Freight's intranet (diag.lab.internal): the help desk pings a host.

Vulnerable on purpose:
- GET /diag?host= runs `ping -c 1 -W 1 <host>` through /bin/sh (subprocess with shell=True) and shows what it
  printed, errors included. Its blocklist refuses ; & | $ and backticks, but not a newline (%0a in the URL),
  which ends a command as ; does: OS command injection, as the service's account.
"""
import weblab

app = weblab.App(['diag.lab.internal', 'diag'], server='Apache/2.4.57 (Debian)')
REFUSED = ';&|$`'  # "every character that chains commands", as its author believed
TIMEOUT = 10
FORM = ('<form action="/diag"><input name="host" placeholder="host name or IP address">'
        ' <button>Ping</button></form>')


def escape(value):
    return value.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')


def page(title, body):
    return f'<!doctype html>\n<title>{title} - Harbourside intranet</title>\n{body}\n'


@app.route('/')
def index(request):
    return weblab.Response(page('Network diagnostics', f'<h1>Network diagnostics</h1>\n{FORM}'))


@app.route('/diag')
def diag(request):
    import subprocess

    host = request.query.get('host', '').strip()
    if not host:
        return index(request)
    if any(char in host for char in REFUSED):
        return weblab.text('Invalid host: ; & | $ and ` are not allowed\n', 400)
    command = f'ping -c 1 -W 1 {host}'  # the flaw: one string, read by a shell
    try:
        output = subprocess.run(command, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=TIMEOUT).stdout
    except subprocess.TimeoutExpired as error:
        output = (error.stdout or b'') + b'\n(timed out)\n'
    output = output.decode('utf-8', 'replace')
    if output and not output.endswith('\n'):
        output += '\n'
    return weblab.Response(page('Network diagnostics', f'<h1>Ping {escape(host)}</h1>\n<pre>\n{escape(output)}</pre>\n'
                                                       '<p><a href="/">Ping another host</a></p>'))
