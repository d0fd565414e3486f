"""The instance metadata service (169.254.169.254) of the lab's two instances, answering as AWS's IMDS does.

Each instance, known by the address its request comes from, reads its own folder beside this module: a folder of it
(`/latest/meta-data/`, `.../iam/`) answers with the list of its entries, a file with its value.
- The avatar service's instance (169.254.10.20) has HttpTokens=optional: a GET is answered without a token
  (IMDSv1), and with a valid one (IMDSv2).
- The thumbnail service's instance (169.254.10.30) has HttpTokens=required: a GET without a valid
  X-aws-ec2-metadata-token header gets 401 Unauthorized.
A token comes from PUT /latest/api/token with X-aws-ec2-metadata-token-ttl-seconds (1 to 21600), for the instance
that asked, until it expires; an invalid token gets 401 on either instance. A PUT carrying X-Forwarded-For, the
mark of a request relayed by a proxy, gets no token (403).
Any other address gets no answer at all, as outside a cloud's instances: the lab's firewall drops its packets, and
this service stays silent to it too (the firewall may still be loading when the lab's first request comes).
"""
import os
import threading
import time

import weblab

HERE = os.path.dirname(os.path.abspath(__file__))
INSTANCES = {'169.254.10.20': ('avatars', False), '169.254.10.30': ('thumbs', True)}  # folder, token required
MAX_TTL = 21600
KEY = os.urandom(32)  # signs the tokens: they last as long as this service does
ERROR_PAGE = '''<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"
         "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
 <head>
  <title>{title}</title>
 </head>
 <body>
  <h1>{title}</h1>
 </body>
</html>
'''


def error(status):
    return weblab.Response(ERROR_PAGE.format(title=f'{status} - {weblab.STATUS[status]}'), status, 'text/html')


def signature(address, expires):
    import hashlib
    import hmac

    return hmac.new(KEY, f'{address} {expires}'.encode(), hashlib.sha256).digest()[:24]


def new_token(address, ttl):
    import base64

    expires = int(time.time()) + ttl
    return base64.b64encode(expires.to_bytes(8, 'big') + signature(address, expires)).decode()


def valid_token(token, address):
    import base64
    import binascii
    import hmac

    try:
        data = base64.b64decode(token, validate=True)
    except (binascii.Error, ValueError):
        return False
    expires = int.from_bytes(data[:8], 'big')
    return len(data) == 32 and hmac.compare_digest(data[8:], signature(address, expires)) and time.time() < expires


def token_for(request):
    if 'x-forwarded-for' in request.headers:
        return error(403)
    ttl = request.headers.get('x-aws-ec2-metadata-token-ttl-seconds', '')
    if not (ttl.isascii() and ttl.isdigit() and 1 <= int(ttl) <= MAX_TTL):
        return error(400)
    return weblab.Response(new_token(request.client, int(ttl)), content_type='text/plain',
                           headers=[('X-Aws-Ec2-Metadata-Token-Ttl-Seconds', str(int(ttl)))])


def metadata(folder, path):
    """The file at `path` in the instance's folder, or a folder's list of entries (its index.html)."""
    parts = [part for part in path.split('/') if part]
    if '\0' in path or any(part in ('.', '..', 'index.html') for part in parts):
        return error(404)
    target = os.path.join(HERE, folder, *parts)
    if os.path.isdir(target):
        target = os.path.join(target, 'index.html')
    if not os.path.isfile(target):
        return error(404)
    with open(target, 'rb') as value:
        return weblab.Response(value.read(), content_type='text/plain')


class MetadataService(weblab.App):
    def handle(self, request):
        if request.client not in INSTANCES:
            threading.Event().wait()  # never answers, as the firewall in front of it does not
        folder, token_required = INSTANCES[request.client]
        if request.path == '/latest/api/token':
            return token_for(request) if request.method == 'PUT' else error(405)
        if request.method not in ('GET', 'HEAD'):
            return error(405)
        token = request.headers.get('x-aws-ec2-metadata-token')
        if (token_required or token is not None) and not valid_token(token or '', request.client):
            return error(401)
        return metadata(folder, request.path)


app = MetadataService(['169.254.169.254', 'instance-metadata'], server='EC2ws')
