"""Serves lab targets: python3 -S weblab/serve.py [--port 80] shop/app.py bank/app.py ...

Each path is an application module with an `app` (a weblab.App); one process serves them all on one port,
each under its own host names. A request for a host none of them names goes to the first.
"""
import sys

import weblab


def load(path):
    """Runs the application module at `path` (as a script, without importlib: faster to start) for its `app`."""
    namespace = {'__name__': path, '__file__': path}
    with open(path) as source:
        exec(compile(source.read(), path, 'exec'), namespace)
    return namespace['app']


def main(argv):
    port = 80
    if argv[:1] == ['--port']:
        port, argv = int(argv[1]), argv[2:]
    weblab.serve([load(path) for path in argv], port)


if __name__ == '__main__':
    main(sys.argv[1:])
