"""The thumbnail service (thumbs.lab.internal): imports the image a URL points to, to make its thumbnails.

Vulnerable on purpose:
- POST /api/thumbnail/import fetches any http:// URL it is given, from the server, and answers with what it
  fetched: the avatar service's importer (avatars/app.py), the same code with the same server-side request forgery.
  Its fetch is a plain GET with headers of its own, so it cannot get the token its instance's metadata service
  requires (IMDSv2): there the forgery reaches the service and gets 401 Unauthorized.
"""
import os

import weblab


def _avatar_service():
    """The avatar service's module, run as serve.py runs an application, for its importer."""
    path = os.path.join(os.path.dirname(__file__), '..', 'avatars', 'app.py')
    namespace = {'__name__': path, '__file__': path}
    with open(path) as source:
        exec(compile(source.read(), path, 'exec'), namespace)
    return namespace


app = weblab.App(['thumbs.lab.internal', 'thumbs'], server='thumbs/0.9')
app.route('/api/thumbnail/import', methods=('POST',))(_avatar_service()['import_avatar'])
