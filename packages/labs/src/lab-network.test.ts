import { describe, expect, it } from 'vitest';
import { labAccounts } from './accounts.ts';
import type { LabSpec } from './lab-spec.ts';
import { macOf, pythonStarter } from './lab-network.ts';
import { buildSetupScript } from './setup-script.ts';

const base: LabSpec = { hostname: 'kali', user: 'learner', cwd: '/home/learner', files: [] };
const network: LabSpec = {
  ...base,
  network: { address: '10.10.0.5/24' },
  hosts: [{ name: 'shop.lab.internal', address: '10.10.0.10', aliases: ['shop'] }],
  services: [{ name: 'shop', user: 'www-data', host: 'shop.lab.internal', command: 'python3 app.py', ports: [8080] }],
};

describe("a lab's network and services in its setup script", () => {
  it('cables the learner and every host to one switch, names the hosts, and starts services detached', () => {
    const script = buildSetupScript(network);
    expect(script).toContain('link add port0 netns lan type veth peer name eth0\n');
    expect(script).toContain('link add port1 netns lan type veth peer name eth0 netns host0\n');
    expect(script).toContain(
      `/usr/bin/ip -n host0 -force -batch - <<'@@IP@@'\nlink set eth0 address 52:54:00:91:00:c5\n`,
    );
    expect(script).toContain(`printf '%s\\n' '10.10.0.10 shop.lab.internal shop' >> /etc/hosts`);
    // The service's script is a file only its account reads: its command line names the file, not the code.
    expect(script).toContain("python3 app.py\n' > /run/lab-services/shop.sh\n");
    expect(script).toContain("chown 'www-data' /run/lab-services/shop.sh\nchmod 500 /run/lab-services/shop.sh\n");
    expect(script).toContain('chmod 711 /run/lab-services\n');
    expect(script).toMatch(
      /setsid \/usr\/bin\/ip netns exec host0 busybox sh -c '[^\n]*exec \/bin\/sh \/run\/lab-services\/shop\.sh[^\n]*www-data'\\''' < \/dev\/null >> \/run\/lab-services\/shop\.log 2>&1 &/,
    );
    expect(script).not.toMatch(/sh -c [^\n]*python3 app\.py/);
    // Port 8080 is 1F90 in /proc/net/tcp; the wait has no deadline, only the service's own exit.
    expect(script).toContain('until lab_listens $lab_service_0 1F90; do');
    expect(script.indexOf('lab_listens $lab_service_0')).toBeLessThan(script.indexOf('> /run/lab-user'));
    expect(script).not.toContain('lab_own_session $lab_service_0');
  });

  it('waits for a service with no port until it leads its own session, which the handshake’s hangup spares', () => {
    const quiet: LabSpec = {
      ...network,
      services: [{ name: 'beacon', user: 'www-data', host: 'shop.lab.internal', command: 'exec sleep 100000' }],
    };
    const script = buildSetupScript(quiet);
    expect(script).toContain('  lab_service_0=$!\nfi\nlab_own_session $lab_service_0\n');
    expect(script.indexOf('lab_own_session $lab_service_0')).toBeLessThan(script.indexOf('> /run/lab-user'));
  });

  it('asks the starter for every service where it runs (a `python3 -S` one into its program), the shell where not', () => {
    const forkable = (command: string) => ({
      ...network,
      services: [{ name: 'shop', user: 'www-data', host: 'shop.lab.internal', command, cwd: '/srv', ports: [80] }],
    });
    // What every request to the starter says of the shop service: where it runs, as whom, and its log.
    const shop = { netns: 'host0', user: 'www-data', cwd: '/srv', log: '/run/lab-services/shop.log' };
    const script = buildSetupScript(forkable('python3 -S weblab/serve.py shop/app.py'));
    // Its every port held, it is started once the setup is over: the reply says its ports listen.
    const request = JSON.stringify({
      ...shop,
      ports: [80],
      argv: ['weblab/serve.py', 'shop/app.py'],
      after_setup: true,
    });
    expect(script).toContain(
      `if [ -p ${pythonStarter.requests} ]; then\n  printf '%s\\n' '${request}' > ${pythonStarter.requests}\n` +
        `  read -r lab_service_0 < ${pythonStarter.replies}\n` +
        `  [ "$lab_service_0" = held ] || { echo 'service shop could not hold its ports:' "$lab_service_0"; exit 1; }\n` +
        `else\n  printf '%s' 'cd '\\''/srv'\\'' || exit 1\n`,
    );
    expect(script).toContain('  lab_service_0=$!\nfi\n');
    // Any other service: its script is written, then run by the starter's /bin/sh once it is that service's account;
    // the reply waits for the program's own ports.
    const other = buildSetupScript(forkable('exec busybox httpd -f -p 80'));
    const exec = JSON.stringify({
      ...shop,
      ports: [],
      exec: ['/bin/sh', '/run/lab-services/shop.sh'],
      listen: [80],
    });
    expect(other).toContain(
      'chmod 500 /run/lab-services/shop.sh\n' +
        `if [ -p ${pythonStarter.requests} ]; then\n  printf '%s\\n' '${exec}' > ${pythonStarter.requests}\n` +
        `  read -r lab_service_0 < ${pythonStarter.replies}\nelse\n  : > /run/lab-services/shop.log\n`,
    );
    expect(other).toContain(
      "exec su -s /bin/sh -c '\\''exec /bin/sh /run/lab-services/shop.sh'\\'' '\\''www-data'\\'''",
    );
    // The starter is told to exit by every setup, after the last service and before the learner's shell.
    const end = script.indexOf(`echo '{"exit": true}' > ${pythonStarter.requests}`);
    expect(end).toBeGreaterThan(script.indexOf('until lab_listens $lab_service_0 0050'));
    expect(end).toBeLessThan(script.indexOf('> /run/lab-user'));
    expect(buildSetupScript(base)).toContain(`echo '{"exit": true}' > ${pythonStarter.requests}`);
    // Two services of one host that declare one port bind it each on an address of its own: neither is held.
    const twoOnOnePort = buildSetupScript({
      ...network,
      services: [
        { name: 'web', user: 'www-data', host: 'shop.lab.internal', command: 'python3 -S web.py', ports: [80, 443] },
        { name: 'imds', user: 'imds', host: 'shop.lab.internal', command: 'python3 -S imds.py', ports: [80] },
        { name: 'local', user: 'nobody', command: 'python3 -S local.py', ports: [80] },
      ],
    });
    expect(twoOnOnePort.match(/"ports":\[[\d,]*\]/g)).toEqual(['"ports":[443]', '"ports":[]', '"ports":[80]']);
    // Only a service whose every port is held can wait for the end of the setup.
    expect(twoOnOnePort.match(/"after_setup":true/g)).toHaveLength(1);
    expect(twoOnOnePort).toContain('"argv":["local.py"],"after_setup":true');
    expect(twoOnOnePort).toContain('until lab_listens $lab_service_1 0050; do');
    // Anything the shell would read differently from plain words (a variable, a pipe, a second command) is its
    // script's, run by /bin/sh.
    for (const command of [
      'python3 app.py',
      'python3 -S app.py $PORT',
      'python3 -S a.py | tee log',
      'cd x; python3 -S a.py',
    ]) {
      const script = buildSetupScript(forkable(command));
      expect(script).toContain('"exec":["/bin/sh","/run/lab-services/shop.sh"]');
      expect(script).not.toContain('"argv"');
    }
  });

  it("routes the learner's machine through the lab's routers", () => {
    const routed = buildSetupScript({
      ...network,
      network: { address: '10.10.0.5/24', gateway: '10.10.0.1', routes: [{ to: '10.50.0.0/16', via: '10.10.0.70' }] },
    });
    expect(routed).toContain('route add default via 10.10.0.1 dev eth0\n');
    expect(routed).toContain('route add 10.50.0.0/16 via 10.10.0.70 dev eth0\n');
    expect(routed).toContain('link set eth0 address 52:54:00:ba:0c:ab\naddr add 10.10.0.5/24 dev eth0\n');
    expect(routed).toContain('link set eth0 address 52:54:00:91:00:c5\naddr add 10.10.0.10/24 dev eth0\n');
    expect(buildSetupScript(network)).not.toContain('route add');
  });

  it('gives every machine a MAC that does not spell out its address, and names only the listed hosts', () => {
    // A virtual machine's prefix, then a hash: neighbouring addresses share nothing a learner could decode.
    const macs = ['192.168.56.1', '192.168.56.2', '192.168.56.37', '10.0.0.37'].map(macOf);
    for (const mac of macs) expect(mac).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(new Set(macs).size).toBe(macs.length);
    expect(macs[2]).not.toContain('25'); // 37 in hex, as the address's own bytes would put it
    const hidden = buildSetupScript({
      ...network,
      hosts: [...network.hosts!, { name: 'kiosk.lab.internal', address: '10.10.0.37', listed: false }],
    });
    expect(hidden).toContain(`'10.10.0.10 shop.lab.internal shop'`);
    expect(hidden).toContain('addr add 10.10.0.37/24 dev eth0');
    expect(hidden).not.toContain('kiosk');
  });

  it('refuses a router the learner cannot reach directly', () => {
    const routed = (gateway: string, via = '10.10.0.70') =>
      buildSetupScript({
        ...network,
        network: { address: '10.10.0.5/24', gateway, routes: [{ to: '0.0.0.0/0', via }] },
      });
    expect(() => routed('10.10.1.1')).toThrow(
      /network\.gateway: 10\.10\.1\.1 is not on the lab network 10\.10\.0\.5\/24/,
    );
    expect(() => routed('10.10.0.1', '10.10.0.5')).toThrow(
      /network\.routes\.0\.via: 10\.10\.0\.5 is the learner's own address/,
    );
    expect(() => routed('10.10.0.1', '10.10.0.254')).not.toThrow();
  });

  it("asks the starter to make the network, and runs iproute2's `ip` only where no starter runs", () => {
    const script = buildSetupScript({
      ...network,
      network: { address: '10.10.0.5/24', gateway: '10.10.0.1', routes: [{ to: '10.50.0.0/16', via: '10.10.0.10' }] },
    });
    const request = {
      network: {
        switch: 'lan',
        namespaces: ['lan', 'host0'],
        machines: [
          {
            netns: null,
            port: 'port0',
            mac: macOf('10.10.0.5'),
            address: '10.10.0.5',
            prefix: 24,
            routes: [
              { to: 'default', via: '10.10.0.1' },
              { to: '10.50.0.0/16', via: '10.10.0.10' },
            ],
          },
          { netns: 'host0', port: 'port1', mac: macOf('10.10.0.10'), address: '10.10.0.10', prefix: 24 },
        ],
      },
    };
    expect(script).toContain(
      `if [ -p ${pythonStarter.requests} ]; then\n  printf '%s\\n' '${JSON.stringify(request)}' > ${pythonStarter.requests}\n` +
        `  read -r lab_network < ${pythonStarter.replies}\n` +
        '  [ "$lab_network" = ok ] || { echo "the lab network could not be made: $lab_network"; exit 1; }\n' +
        "else\n/usr/bin/ip -force -batch - <<'@@IP@@'\nnetns add lan\n",
    );
    // The here-documents end at their marker alone on a line, inside the `else`.
    expect(script).toMatch(
      /\nlink set lo up\n@@IP@@\nfi\nprintf '%s\\n' '10\.10\.0\.10 shop\.lab\.internal shop' >> \/etc\/hosts\n/,
    );
  });

  it('asks the starter for no more than whether a service is still there, once it replied, if it started it', () => {
    const services = (command: string, second?: number) => ({
      ...network,
      services: [
        { name: 'shop', user: 'www-data', host: 'shop.lab.internal', command, cwd: '/srv', ports: [80] },
        ...(second ? [{ name: 'twin', user: 'www-data', host: 'shop.lab.internal', command, ports: [second] }] : []),
      ],
    });
    const gone = `kill -0 $lab_service_0 2> /dev/null || { echo 'service shop exited before it listened on port 80:'`;
    // The port polled until the program's own listened: the shell reads /proc only without the starter.
    expect(buildSetupScript(services('exec busybox httpd -f -p 80'))).toContain(
      `if [ -p ${pythonStarter.requests} ]; then\n  ${gone}; cat /run/lab-services/shop.log; exit 1; }\n` +
        'else\n  until lab_listens $lab_service_0 0050; do\n',
    );
    // A port the starter holds for a service it starts after the setup: nothing to ask, the port listens.
    const later = buildSetupScript(services('python3 -S shop/app.py'));
    expect(later).toContain(
      `if [ ! -p ${pythonStarter.requests} ]; then\n  until lab_listens $lab_service_0 0050; do\n`,
    );
    expect(later).not.toContain(`if [ -p ${pythonStarter.requests} ]; then\n  ${gone}`);
    // A port two services of a host declare is bound by the program itself, after the reply: the shell waits for it.
    expect(buildSetupScript(services('python3 -S shop/app.py', 80))).toContain(
      'fi\nuntil lab_listens $lab_service_0 0050; do\n',
    );
  });

  it("gives a service's user an account of its own", () => {
    expect(labAccounts(network).users).toContainEqual({ name: 'www-data', id: 33 });
  });

  it('adds nothing to a lab without a network or services', () => {
    const script = buildSetupScript(base);
    expect(script).not.toContain('netns');
    expect(script).not.toContain('lab-services');
    expect(script).not.toContain('lab_listens');
  });

  it('refuses a network the guest cannot build, naming the field', () => {
    expect(() => buildSetupScript({ ...network, network: undefined })).toThrow(/network: is required with hosts/);
    expect(() => buildSetupScript({ ...network, network: { address: '10.10.0.5' } })).toThrow(/network\.address/);
    expect(() => buildSetupScript({ ...network, hosts: [{ name: 'bad name', address: '10.10.0.9' }] })).toThrow(
      /hosts\.0\.name: must be a host name/,
    );
    expect(() => buildSetupScript({ ...network, hosts: [{ name: 'a', address: '10.10.0.5' }], services: [] })).toThrow(
      /used twice/,
    );
    expect(() =>
      buildSetupScript({ ...network, services: [{ name: 'x', user: 'nobody', command: 'true', host: 'nowhere' }] }),
    ).toThrow(/services\.0\.host: nowhere is not one of the lab's hosts/);
    expect(() =>
      buildSetupScript({ ...network, services: [{ name: 'x', user: 'nobody', command: 'true', ports: [70000] }] }),
    ).toThrow(/services\.0\.ports\.0: must be a TCP port/);
    expect(() =>
      buildSetupScript({ ...network, services: [{ name: 'x', user: 'Bad User', command: 'true' }] }),
    ).toThrow(/account name/);
  });
});
