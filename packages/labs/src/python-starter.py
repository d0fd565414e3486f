"""Starts a lab's services by forking, instead of a chain of programs for each (decisions 0204, 0205).

The shipped ready state holds this program running as root with the modules the lab targets import: a Python service
forked from it skips the interpreter's start-up and those imports, a second or more of emulated work in a first
start. The setup (lab-network.ts) writes one JSON request a line to the requests FIFO:
    {"netns": "host0" or null, "user": "www-data", "cwd": "/srv/targets", "log": "/run/lab-services/x.log",
     "ports": [80], "argv": ["weblab/serve.py", "shop/app.py"]}
for a service whose command is `python3 -S` and plain words, and reads the service's pid from the replies FIFO
once its ports listen (before it becomes its account and runs its program); `{"exit": true}` ends this program
(every setup sends it). Each port in the request (the declared ports no other service of the host declares) is bound
before the program is loaded, as systemd's socket activation does: the learner's first request waits in the backlog,
where it would have been refused, and the program's own bind of the port takes that socket. Both FIFOs are root's
alone.

A request with `"after_setup": true` (a Python service whose every port is held) has its ports bound at once, here,
and the reply `held`; the service itself is forked once the setup has sent `exit`, at nice 19 like the rest of its
start: the learner's prompt comes first, and a request to the service waits in its port's backlog meanwhile.

A sealed lab part (unseal.ts) comes as `{"unseal": {"salt": "<32 hex digits>", "data": "/path", "out": "/path"}}`:
decrypted here, with the key derived as the setup's shell would derive it and OpenSSL's libcrypto (loaded in the ready
state), it spares the setup OpenSSL's start (about a third of a second) and two `sha256sum` runs; the reply is `ok`
or `failed`.

The lab network comes as `{"network": {...}}` (starter_network.py, beside this file, says what it holds): made here
over rtnetlink, it spares the setup five `ip` programs; the reply is `ok`, or `failed` and why.

Modules named on this program's command line (`weblab.py`, the targets' framework) are compiled and run here, in the
ready state: a service whose own copy of such a module has the same bytes finds it imported, and skips its compile (a
third of a second each in the guest); a service whose copy differs imports its own.

Any other service comes as `"exec": ["/bin/sh", "/run/lab-services/x.sh"], "listen": [80]`: the child enters the
host's namespace, becomes the service's account and executes the program, with no `setsid`, `ip netns exec`, shell
or `su` in between; the reply comes once its ports listen (polled here, where a poll costs little) or it has ended.
"""
import ctypes
import json
import os
import pwd
import resource
import socket
import sys
import traceback
import types

import starter_network
from starter_network import CLONE_NEWNET, checked, libc

# What the lab targets import, loaded once here rather than in every service.
import base64, hashlib, hmac, io, re, subprocess, threading, time, urllib.parse  # noqa: E401,F401

FOLDER = '/run/python-starter'
REQUESTS = f'{FOLDER}/requests'
REPLIES = f'{FOLDER}/replies'
SERVICE_PATH = '/usr/bin:/usr/sbin:/usr/lib/busybox'
PR_SET_DUMPABLE, PR_SET_MM, PR_SET_MM_ARG_START, PR_SET_MM_ARG_END = 4, 35, 8, 9
libcrypto = ctypes.CDLL('libcrypto.so.3')
libcrypto.EVP_CIPHER_CTX_new.restype = ctypes.c_void_p
libcrypto.EVP_aes_256_ctr.restype = ctypes.c_void_p
libcrypto.EVP_DecryptInit_ex.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p,
                                         ctypes.c_char_p]
libcrypto.EVP_DecryptUpdate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int),
                                        ctypes.c_char_p, ctypes.c_int]
libcrypto.EVP_CIPHER_CTX_free.argtypes = [ctypes.c_void_p]
SEAL_KEY_FILE = '/usr/lib/bastion/lab-handshake'
preloaded = {}  # module name: SHA-256 of its source


def show_command_line(words):
    """`ps` shows the service's own command line, not this program's (root may point it at new memory)."""
    global command_line
    command_line = ctypes.create_string_buffer(b'\0'.join(word.encode() for word in words))
    start = ctypes.addressof(command_line)
    end = start + len(command_line.raw)
    # The kernel keeps the start before the end: move the end first when the new text lies above the old one.
    fields = [(PR_SET_MM_ARG_END, end), (PR_SET_MM_ARG_START, start)]
    with open('/proc/self/stat') as stat:
        if start < int(stat.read().rsplit(')', 1)[1].split()[45]):
            fields.reverse()
    for field, address in fields:
        checked(libc.prctl(PR_SET_MM, field, ctypes.c_ulong(address), 0, 0), 'prctl')


def yield_until_bound(held):
    """Until the program binds its held ports, it runs at the lowest priority (nice 19, set once the service is ready
    to run it): its start-up (compiling its application) yields to the lab's setup and the learner's prompt, while a
    request to its port waits in the held socket's backlog. RLIMIT_NICE, raised here while the child is still root,
    lets its account take its priority back once it binds (`bound()`), which restores the limit."""
    if not held:
        return None
    limit = resource.getrlimit(resource.RLIMIT_NICE)
    resource.setrlimit(resource.RLIMIT_NICE, (20, 20))

    def bound():
        os.setpriority(os.PRIO_PROCESS, 0, 0)
        resource.setrlimit(resource.RLIMIT_NICE, limit)

    return bound


def adopt_held_ports(held, bound):
    """The program's bind of a held port on every address takes the held socket; any other bind frees it first.
    Once no port is held, `bound()`."""
    bind = socket.socket.bind

    def bind_or_adopt(self, address):
        port = address[1] if self.family == socket.AF_INET and isinstance(address, tuple) else None
        listener = held.pop(port, None)
        if listener is None:
            return bind(self, address)
        if not held:
            bound()
        if self.type == socket.SOCK_STREAM and address[0] in ('', '0.0.0.0'):
            os.dup2(listener.fileno(), self.fileno(), inheritable=False)
            listener.close()
            return None
        listener.close()
        return bind(self, address)

    socket.socket.bind = bind_or_adopt


def hold_ports(ports):
    """Each port listening on every address of the current network namespace, for the service to take."""
    held = {}
    for port in ports:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(('0.0.0.0', port))
        listener.listen(16)
        held[port] = listener
    return held


def hold_ports_in(netns, ports):
    """`hold_ports` in the host's namespace (a socket stays in the namespace it was made in), from this program's."""
    home = os.open('/proc/self/ns/net', os.O_RDONLY)
    namespace = os.open(f'/run/netns/{netns}', os.O_RDONLY)
    try:
        checked(libc.setns(namespace, CLONE_NEWNET), 'setns')
        try:
            return hold_ports(ports)
        finally:
            checked(libc.setns(home, CLONE_NEWNET), 'setns')
    finally:
        os.close(namespace)
        os.close(home)


def become_service(request, ready, held=None):
    """In the forked child: the service's session, log, network, ports (unless held already) and account, then its
    program."""
    os.umask(0o022)
    os.setsid()
    log = os.open(request['log'], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    null = os.open('/dev/null', os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(null)
    os.close(log)
    if request['netns'] is not None:
        namespace = os.open(f"/run/netns/{request['netns']}", os.O_RDONLY)
        checked(libc.setns(namespace, CLONE_NEWNET), 'setns')
        os.close(namespace)
    # Any user may bind any port in the lab (lab-network.ts says why).
    with open('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'w') as setting:
        setting.write('0')
    if held is None:
        held = hold_ports(request['ports'])
    program = request.get('exec')
    argv = request.get('argv', [])
    bound = None
    if program is None:
        show_command_line(['python3', '-S', *argv])
        bound = yield_until_bound(held)
        # Its ports listen: the setup goes on, while the rest of its start (its account, then its program) waits
        # behind the setup and the learner's prompt, at nice 19 until it binds.
        if bound is not None:
            os.setpriority(os.PRIO_PROCESS, 0, 19)
        os.write(ready, b'ok')
        os.close(ready)
    account = pwd.getpwnam(request['user'])
    os.initgroups(account.pw_name, account.pw_gid)
    os.setgid(account.pw_gid)
    os.setuid(account.pw_uid)
    # As after an exec: its account may read its /proc files (environ, fd), which a change of user forbids.
    checked(libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), 'prctl')
    # What a service started by the setup's shell has (lab-network.ts).
    os.environ.clear()
    os.environ.update(HOME=account.pw_dir, USER=account.pw_name, LOGNAME=account.pw_name, SHELL='/bin/sh',
                      MAIL=f'/var/mail/{account.pw_name}', PATH=SERVICE_PATH)
    os.chdir(request['cwd'])
    if program is not None:
        os.write(ready, b'ok')
        os.close(ready)
        os.execv(program[0], program)
    adopt_held_ports(held, bound or (lambda: None))
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
    keep_preloaded_if_same(sys.path[0])
    run_as_main(argv[0])


def run_as_main(path):
    """What `python3 path` does with its script, as runpy.run_path would but without its search for an importer (it
    imports pkgutil and tries the file as a zip archive first: half a second in a guest just restored)."""
    with open(path, 'rb') as file:
        source = file.read()
    main = types.ModuleType('__main__')
    main.__dict__.update(__file__=path, __cached__=None, __loader__=None, __package__='', __spec__=None)
    sys.modules['__main__'] = main
    exec(compile(source, path, 'exec'), main.__dict__)


def preload(path):
    """Runs the module at `path` as `import` would, its name the file's; a service may take it as it is (below)."""
    with open(path, 'rb') as file:
        source = file.read()
    name = os.path.splitext(os.path.basename(path))[0]
    module = types.ModuleType(name)
    module.__file__ = path
    sys.modules[name] = module
    exec(compile(source, f'{name}.py', 'exec'), module.__dict__)
    preloaded[name] = hashlib.sha256(source).hexdigest()


def keep_preloaded_if_same(folder):
    """In a service, as its user: a preloaded module stays imported only if the file `import` would find is its."""
    for name, digest in preloaded.items():
        path = os.path.join(folder, f'{name}.py')
        try:
            with open(path, 'rb') as file:
                same = hashlib.sha256(file.read()).hexdigest() == digest
        except OSError:
            same = False
        if same:
            sys.modules[name].__file__ = path
        else:
            del sys.modules[name]


def make_network(request):
    """The lab network; `failed` and the reason on the same line when any part of it fails."""
    try:
        starter_network.make_network(request)
        return 'ok'
    except Exception as error:
        traceback.print_exc()
        return f'failed: {error}'.replace('\n', ' ')


def unseal(request):
    """AES-256-CTR with the key SHA-256("enc" + the image's key + salt) and the salt as the first counter block. The
    clear text lives only in one buffer, written out and zeroed: no service forked later carries it in its memory."""
    with open(SEAL_KEY_FILE, 'rb') as handshake:
        image_key = hashlib.sha256(handshake.read()).hexdigest()
    key = hashlib.sha256(f"enc{image_key}{request['salt']}".encode()).digest()
    with open(request['data'], 'rb') as sealed:
        data = sealed.read()
    clear = ctypes.create_string_buffer(len(data) + 16)
    length = ctypes.c_int(0)
    context = libcrypto.EVP_CIPHER_CTX_new()
    try:
        if not (context and libcrypto.EVP_DecryptInit_ex(context, libcrypto.EVP_aes_256_ctr(), None, key,
                                                         bytes.fromhex(request['salt']))
                and libcrypto.EVP_DecryptUpdate(context, clear, ctypes.byref(length), data, len(data))):
            return 'failed'
        descriptor = os.open(request['out'], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            written = 0
            while written < length.value:
                written += os.write(descriptor, memoryview(clear)[written:length.value])
        finally:
            os.close(descriptor)
        return 'ok'
    finally:
        libcrypto.EVP_CIPHER_CTX_free(context)
        ctypes.memset(clear, 0, len(clear))


def warm_up_openssl():
    """OpenSSL fetches a cipher from its default provider on its first use, a sixth of a second in the guest: done
    here, in the ready state, rather than in a learner's first start of a sealed lab."""
    context = libcrypto.EVP_CIPHER_CTX_new()
    clear, length = ctypes.create_string_buffer(16), ctypes.c_int(0)
    try:
        libcrypto.EVP_DecryptInit_ex(context, libcrypto.EVP_aes_256_ctr(), None, bytes(32), bytes(16))
        libcrypto.EVP_DecryptUpdate(context, clear, ctypes.byref(length), bytes(16), 16)
    finally:
        libcrypto.EVP_CIPHER_CTX_free(context)


def unseal_or_fail(request):
    """The setup's shell waits for a reply: it gets one whatever happens (its check of the first line then stops it)."""
    try:
        return unseal(request)
    except Exception:
        traceback.print_exc()
        return 'failed'


def start(request, held=None):
    """Forks the service; its pid once its ports listen (a Python service's held, before it becomes its account) or
    the program it executes does, or once it has failed (its log says why)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        code = 0
        try:
            become_service(request, write_end, held)
        except SystemExit as end:
            code = end.code if isinstance(end.code, int) else 1
        except BaseException:
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    os.close(write_end)
    for listener in (held or {}).values():
        listener.close()
    os.read(read_end, 2)
    os.close(read_end)
    if request.get('listen'):
        await_listening(pid, request['listen'])
    return pid


def listening_ports(pid):
    """The TCP ports the process's network namespace listens on (`0A`: LISTEN in /proc/net/tcp)."""
    ports = set()
    for table in ('tcp', 'tcp6'):
        try:
            with open(f'/proc/{pid}/net/{table}') as lines:
                for line in lines.read().splitlines()[1:]:
                    fields = line.split()
                    if fields[3] == '0A':
                        ports.add(int(fields[1].rsplit(':', 1)[1], 16))
        except OSError:
            pass
    return ports


def await_listening(pid, ports):
    """Until every port listens, or the service has ended (reaped: the setup then finds it gone, and says so)."""
    while not set(ports) <= listening_ports(pid):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return
        time.sleep(0.02)


def hold_for_after_setup(request, services):
    """`held` once the service's ports listen, to be started after the setup; `failed` and why when they cannot."""
    try:
        netns, ports = request['netns'], request['ports']
        services.append((request, hold_ports_in(netns, ports) if netns else hold_ports(ports)))
        return 'held'
    except Exception as error:
        traceback.print_exc()
        return f'failed: {error}'.replace('\n', ' ')


def start_after_setup(services):
    """The services whose ports the setup had held, at nice 19 (inherited), now that the setup is over."""
    if services:
        os.setpriority(os.PRIO_PROCESS, 0, 19)
    for request, held in services:
        try:
            start(request, held)
        except Exception:
            traceback.print_exc()


def main():
    for path in sys.argv[1:]:
        preload(path)
    # glibc's account lookups set themselves up on first use (nsswitch.conf): once here, not in every service.
    os.getgrouplist(pwd.getpwnam('root').pw_name, 0)
    warm_up_openssl()
    os.mkdir(FOLDER, 0o700)
    os.mkfifo(REQUESTS, 0o600)
    os.mkfifo(REPLIES, 0o600)
    after_setup = []
    while True:
        with open(REQUESTS) as requests:
            lines = requests.read().splitlines()
        for line in lines:
            request = json.loads(line)
            if request.get('exit'):
                for fifo in (REQUESTS, REPLIES):
                    os.unlink(fifo)
                os.rmdir(FOLDER)
                start_after_setup(after_setup)
                os._exit(0)
            if request.get('after_setup'):
                reply = hold_for_after_setup(request, after_setup)
            elif 'unseal' in request:
                reply = unseal_or_fail(request['unseal'])
            elif 'network' in request:
                reply = make_network(request['network'])
            else:
                reply = start(request)
            with open(REPLIES, 'w') as replies:
                replies.write(f'{reply}\n')


main()
