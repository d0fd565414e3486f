import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabSpec } from '../lab-spec.ts';
import { LabRunner } from './lab-runner.ts';
import { macOf } from '../lab-network.ts';

const bootTimeoutMs = 300_000;
const setupTimeoutMs = 180_000;

/** A small web application, as a lab's service runs one: Python's standard library, a secret it must not leak. */
const shopApp = [
  'import http.server',
  'class Shop(http.server.BaseHTTPRequestHandler):',
  '    server_version = "ShopServer/1.0"',
  '    def do_GET(self):',
  '        body = b"welcome to the shop\\n"',
  '        self.send_response(200)',
  '        self.send_header("Content-Length", str(len(body)))',
  '        self.end_headers()',
  '        self.wfile.write(body)',
  'http.server.HTTPServer(("0.0.0.0", 8080), Shop).serve_forever()',
  '',
].join('\n');

/** An authoritative DNS server's zone, and NSD's configuration that gives it to anyone who asks for a transfer. */
const zone = [
  '$ORIGIN corp.lab.internal.',
  '$TTL 3600',
  '@ IN SOA ns1 hostmaster ( 2026112701 7200 3600 1209600 3600 )',
  '@ IN NS ns1',
  'ns1 IN A 10.10.0.20',
  'intranet IN A 10.10.0.80',
  'backup-old IN A 10.10.0.99',
  '',
].join('\n');
const nsdConf = [
  'server:',
  '  ip-address: 0.0.0.0',
  '  username: ""',
  '  zonesdir: /srv/dns',
  '  pidfile: ""',
  '  database: ""',
  '  xfrdfile: /tmp/nsd-xfrd.state',
  '  zonelistfile: /tmp/nsd-zone.list',
  'remote-control:',
  '  control-enable: no',
  'zone:',
  '  name: corp.lab.internal',
  '  zonefile: corp.zone',
  '  provide-xfr: 0.0.0.0/0 NOKEY',
  '',
].join('\n');
const sshd =
  'mkdir -p /run/sshd && ssh-keygen -q -t ed25519 -N "" -f /etc/ssh/ssh_host_ed25519_key && exec /usr/sbin/sshd -D -e';

const threeHosts: LabSpec = {
  hostname: 'kali',
  user: 'learner',
  cwd: '/home/learner',
  // A route to a network beyond the lab, and no default route: nothing else leaves the lab network.
  network: { address: '10.10.0.5/24', routes: [{ to: '10.50.0.0/16', via: '10.10.0.30' }] },
  hosts: [
    { name: 'shop.lab.internal', address: '10.10.0.10', aliases: ['shop'] },
    { name: 'db.lab.internal', address: '10.10.0.20' },
    { name: 'files.lab.internal', address: '10.10.0.30' },
  ],
  files: [
    { path: '/srv/shop/app.py', content: shopApp, owner: 'www-data', mode: '0640' },
    { path: '/srv/shop/secret.key', content: 'do-not-leak\n', owner: 'www-data', mode: '0600' },
    { path: '/srv/dns/corp.zone', content: zone, owner: 'nsd' },
    { path: '/srv/dns/nsd.conf', content: nsdConf, owner: 'nsd' },
  ],
  services: [
    {
      name: 'shop',
      user: 'www-data',
      host: 'shop.lab.internal',
      cwd: '/srv/shop',
      command: 'python3 app.py',
      ports: [8080],
    },
    { name: 'db', user: 'nobody', host: 'db.lab.internal', command: 'nc -lk 5432', cwd: '/', ports: [5432] },
    {
      name: 'dns',
      user: 'nsd',
      host: 'db.lab.internal',
      command: 'nsd -d -c /srv/dns/nsd.conf',
      cwd: '/srv/dns',
      ports: [53],
    },
    { name: 'ftp', user: 'nobody', host: 'files.lab.internal', command: 'nc -lk 21', cwd: '/', ports: [21] },
    { name: 'ssh', user: 'root', host: 'files.lab.internal', command: sshd, cwd: '/', ports: [22] },
  ],
};

/**
 * A service the Python starter forks (docs/labs.md): it answers with what it runs as, and binds a second declared
 * port on the loopback address alone, as a program may.
 */
const statusApp = [
  'import os, socket, subprocess, sys, threading',
  'def serve(address, body):',
  '    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)',
  '    listener.bind(address)',
  '    listener.listen(4)',
  '    def answer():',
  '        while True:',
  '            conn, _ = listener.accept()',
  '            with conn:',
  '                conn.recv(1024)',
  "                conn.sendall(b'HTTP/1.0 200 OK\\r\\n\\r\\n' + body)",
  '    threading.Thread(target=answer, daemon=True).start()',
  "port = int(sys.argv[sys.argv.index('--port') + 1])",
  "env = ' '.join(f'{name}={os.environ[name]}' for name in sorted(os.environ))",
  // A program the service runs (a command injected into it, say) reads the service's /proc files, as its account.
  "traced = subprocess.run(['cat', f'/proc/{os.getpid()}/environ'], capture_output=True).returncode == 0",
  "serve(('', port), f'{os.getuid()} {os.getgid()} {sys.argv} {os.getcwd()} {env} {traced}\\n'.encode())",
  "serve(('127.0.0.1', port + 1), b'loopback only\\n')",
  'threading.Event().wait()',
  '',
].join('\n');

const startedByTheStarter: LabSpec = {
  hostname: 'kali',
  user: 'learner',
  cwd: '/home/learner',
  network: { address: '10.20.0.5/24' },
  hosts: [{ name: 'status.lab.internal', address: '10.20.0.10' }],
  files: [{ path: '/srv/status/status.py', content: statusApp, owner: 'status', mode: '0640' }],
  services: [
    {
      name: 'status',
      user: 'status',
      host: 'status.lab.internal',
      cwd: '/srv/status',
      command: 'python3 -S status.py --port 8081',
      ports: [8081, 8082],
    },
    // Any other service: the starter runs its script with /bin/sh (docs/labs.md).
    {
      name: 'whoami',
      user: 'status',
      host: 'status.lab.internal',
      cwd: '/srv/status',
      command: `exec busybox nc -ll -p 8090 -e /bin/sh -c 'echo $(id -u) $(id -G) $(pwd) $HOME $USER $LOGNAME $SHELL $PATH'`,
      ports: [8090],
    },
  ],
  processesVisible: true,
};

let lab: LabRunner;

beforeAll(async () => {
  lab = await LabRunner.ready();
  await lab.provision(threeHosts, setupTimeoutMs);
}, bootTimeoutMs + setupTimeoutMs);

afterAll(() => lab?.destroy());

describe('a lab with a network, hosts and services, in v86 under Node', () => {
  it("answers curl from the learner's shell, by the host's name, once the prompt is there", async () => {
    expect(await lab.run('curl -s http://shop.lab.internal:8080/')).toBe('welcome to the shop\n');
    expect(await lab.run('curl -sI http://shop:8080/ | grep -i ^server')).toMatch(/^Server: ShopServer\/1\.0/);
  });

  it('shows nmap the declared hosts with their open ports', async () => {
    const scan = await lab.run('nmap -sT -Pn -p 21,22,80,5432,8080 10.10.0.10 10.10.0.20 10.10.0.30', 120_000);
    expect(scan).toMatch(/Nmap scan report for shop\.lab\.internal \(10\.10\.0\.10\)[\s\S]*8080\/tcp open/);
    expect(scan).toMatch(/Nmap scan report for db\.lab\.internal \(10\.10\.0\.20\)[\s\S]*5432\/tcp open/);
    expect(scan).toMatch(/Nmap scan report for files\.lab\.internal \(10\.10\.0\.30\)[\s\S]*21\/tcp +open/);
    expect(scan).toMatch(/Nmap scan report for files\.lab\.internal \(10\.10\.0\.30\)[\s\S]*22\/tcp +open/);
    expect(scan).toMatch(/22\/tcp +closed/);
  });

  it('answers name queries and gives its zone to a transfer, from a real DNS server (NSD)', async () => {
    expect(await lab.run('dig +short intranet.corp.lab.internal @db.lab.internal')).toBe('10.10.0.80\n');
    const transfer = await lab.run('dig axfr corp.lab.internal @10.10.0.20 | grep -v "^;" | grep .', 60_000);
    expect(transfer).toMatch(/^backup-old\.corp\.lab\.internal\.\s+3600\s+IN\s+A\s+10\.10\.0\.99$/m);
    expect(transfer.match(/\sSOA\s/g)).toHaveLength(2);
  });

  it("greets with a real OpenSSH server's banner", async () => {
    expect(await lab.run('exec 3<>/dev/tcp/files.lab.internal/22; head -1 <&3; exec 3<&-')).toMatch(
      /^SSH-2\.0-OpenSSH_9\.2p1 Debian/,
    );
  });

  it("keeps a service's files, script and process from the learner unless the lab says otherwise", async () => {
    expect(await lab.run('cat /srv/shop/secret.key 2>&1')).toMatch(/Permission denied/);
    expect(await lab.run('cat /run/lab-services/shop.log 2>&1')).toMatch(/Permission denied/);
    expect(await lab.run('cat /run/lab-services/shop.sh 2>&1')).toMatch(/Permission denied/);
    // Other accounts' processes are hidden from the learner (hidepid): the service runs, but not for `ps` to show.
    expect(await lab.run(`ps -eo user=,args= | grep -c '[a]pp.py'`)).toBe('0\n');
    expect(await lab.run('curl -s -o /dev/null -w "%{http_code}" http://shop.lab.internal:8080/')).toMatch(
      /^[1-5]\d\d$/,
    );
  });

  it("routes by the lab's routes, and shows each host's own MAC", async () => {
    expect(await lab.run('ip route get 10.50.9.9 | head -1')).toMatch(/^10\.50\.9\.9 via 10\.10\.0\.30 dev eth0 /);
    expect(await lab.run('ping -c 1 -q 10.10.0.20 > /dev/null; ip neigh show 10.10.0.20')).toMatch(
      new RegExp(`^10\\.10\\.0\\.20 dev eth0 lladdr ${macOf('10.10.0.20')} `),
    );
  });

  it('reaches nothing outside the lab network: no route out of the guest', async () => {
    expect(await lab.run(`ip -o link | awk -F': ' '{ print $2 }' | cut -d@ -f1`)).toBe('lo\neth0\n');
    expect(await lab.run('curl -s -m 5 http://192.0.2.1/ > /dev/null; echo $?')).toBe('7\n');
    expect(await lab.run('curl -s -m 5 http://10.0.2.2:8000/ > /dev/null; echo $?')).toBe('7\n');
    expect(await lab.run('ping -c1 -W1 1.1.1.1 2>&1 | head -1')).toMatch(/Network is unreachable/);
  });
});

describe('services forked by the starter in the shipped ready state', () => {
  beforeAll(async () => {
    await lab.reset();
    await lab.provision(startedByTheStarter, setupTimeoutMs);
  });

  it('runs as its own account, in its folder, with its own command line and a service environment', async () => {
    const uid = (await lab.run('id -u status')).trim();
    expect(await lab.run('curl -s http://status.lab.internal:8081/')).toBe(
      `${uid} ${uid} ['status.py', '--port', '8081'] /srv/status ` +
        'HOME=/home/status LOGNAME=status MAIL=/var/mail/status PATH=/usr/bin:/usr/sbin:/usr/lib/busybox SHELL=/bin/sh ' +
        'USER=status True\n',
    );
    expect(await lab.run('ps -eo user=,args= | grep [p]ython3')).toBe('status   python3 -S status.py --port 8081\n');
  });

  it('gives a port the program binds on one address to that address alone, and leaves nothing of the starter', async () => {
    // A port still held for the program would take the connection and wait; one bound on the loopback refuses it.
    expect(await lab.run('curl -s -m 5 http://status.lab.internal:8082/; echo $?')).toBe('7\n');
    expect(await lab.run('ls /run/python-starter 2>&1')).toMatch(/No such file or directory/);
    // Only the shell's way of starting a service writes it a script (to the folder the learner may not list).
    expect(await lab.run('cat /run/lab-services/status.sh 2>&1')).toMatch(/No such file or directory/);
    expect(await lab.run('ps -eo args= | grep -c [p]ython-starter')).toBe('0\n');
  });

  it('starts any other service as its account would: its script run by /bin/sh, as the shell and su did', async () => {
    const ids = (await lab.run('echo $(id -u status) $(id -G status)')).trim();
    expect(await lab.run('busybox nc status.lab.internal 8090 < /dev/null')).toBe(
      `${ids} /srv/status /home/status status status /bin/sh /usr/bin:/usr/sbin:/usr/lib/busybox\n`,
    );
    expect(await lab.run('ps -eo user=,args= | grep [n]c')).toMatch(/^status +busybox nc -ll -p 8090 -e \/bin\/sh -c/);
  });

  it('fails the setup with the log of a service that ends before it listens', async () => {
    await lab.reset();
    const failing: LabSpec = {
      ...startedByTheStarter,
      services: [
        {
          name: 'broken',
          user: 'status',
          host: 'status.lab.internal',
          cwd: '/srv/status',
          command: 'echo no such config >&2; exit 3',
          ports: [8090],
        },
      ],
    };
    await expect(lab.provision(failing, setupTimeoutMs)).rejects.toThrow(
      /service broken exited before it listened on port 8090:[\s\S]*no such config/,
    );
  });
});
