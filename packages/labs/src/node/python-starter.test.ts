import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipNetworkLines, pythonStarter } from '../lab-network.ts';
import type { LabSpec } from '../lab-spec.ts';
import { LabRunner } from './lab-runner.ts';

const setupTimeoutMs = 180_000;
const weblabSource = await readFile(new URL('../../../../content/targets/weblab/weblab.py', import.meta.url), 'utf8');

const base: LabSpec = { hostname: 'kali', user: 'root', cwd: '/root', files: [] };

/** Two hosts, a router and a route: everything the starter's rtnetlink requests make (starter_network.py). */
const twoHosts: Pick<LabSpec, 'network' | 'hosts'> = {
  network: { address: '10.30.0.5/24', gateway: '10.30.0.1', routes: [{ to: '10.31.0.0/16', via: '10.30.0.20' }] },
  hosts: [
    { name: 'gw.lab.internal', address: '10.30.0.1' },
    { name: 'web.lab.internal', address: '10.30.0.20' },
  ],
};
/**
 * Every machine's links (the MACs the setup gives; a switch port's is the kernel's random one), IPv4 addresses and
 * routes, as `ip` prints them, without interface indexes: a network made a second time numbers its links on.
 */
const networkView = [
  'for ns in "" lan host0 host1; do',
  '  echo "== ${ns:-learner}"',
  '  ip ${ns:+-n $ns} -o link | sed -E "s/^[0-9]+: //; s/@if[0-9]+//; s/ link-netnsid [0-9]+//" | cut -d \'\\\' -f1',
  '  ip ${ns:+-n $ns} -br link | sed -E "s/@if[0-9]+//" | grep -o "^[^ ]* .*52:54:00:[0-9a-f:]*" | tr -s " "',
  '  ip ${ns:+-n $ns} -4 -o addr | sed -E "s/^[0-9]+: //" | cut -d \'\\\' -f1',
  '  ip ${ns:+-n $ns} route',
  'done',
].join('\n');

const routed: LabSpec = {
  ...base,
  ...twoHosts,
  files: [
    { path: '/root/ip-network.sh', content: `${ipNetworkLines({ ...base, ...twoHosts }).join('\n')}\n` },
    { path: '/root/network-view.sh', content: `${networkView}\n` },
  ],
};

/** An application that says where its weblab came from, and the priority it serves at. */
const whereFromApp = [
  'import os',
  'import weblab',
  "app = weblab.App(['where.lab.internal'])",
  "app.route('/')(lambda request: weblab.text(",
  "    f'{weblab.__file__} {weblab.__spec__ is None} {os.getpriority(os.PRIO_PROCESS, 0)}\\n'))",
  '',
].join('\n');

/** A target of the web course's kind: a `serve.py` on `weblab` (the bytes given) serving `app`. */
function weblabLab(weblab: string, app = whereFromApp): LabSpec {
  const serve = 'import sys\nimport weblab\nexec(open(sys.argv[1]).read())\nweblab.serve([app], 80)\n';
  return {
    ...base,
    network: { address: '10.40.0.5/24' },
    hosts: [{ name: 'where.lab.internal', address: '10.40.0.10' }],
    files: [
      { path: '/srv/t/weblab/weblab.py', content: weblab, owner: 'www-data' },
      { path: '/srv/t/weblab/serve.py', content: serve, owner: 'www-data' },
      { path: '/srv/t/where/app.py', content: app, owner: 'www-data' },
    ],
    services: [
      {
        name: 'where',
        user: 'www-data',
        host: 'where.lab.internal',
        cwd: '/srv/t',
        command: 'python3 -S weblab/serve.py where/app.py',
        ports: [80],
      },
    ],
  };
}

let lab: LabRunner;

beforeAll(async () => {
  lab = await LabRunner.ready();
}, setupTimeoutMs);

afterAll(() => lab?.destroy());

describe('the Python starter of the shipped ready state', () => {
  it('makes the lab network that iproute2 would make from the same spec', async () => {
    await lab.reset();
    await lab.provision(routed, setupTimeoutMs);
    const made = await lab.run('sh /root/network-view.sh');
    expect(made).toContain('== host1\n');
    expect(made).toMatch(/^default via 10\.30\.0\.1 dev eth0 $/m);
    expect(made).toMatch(/^port2: [^\n]* master lan0 state UP /m);
    expect(made).toMatch(/^eth0 UP 52:54:00:[0-9a-f:]+$/m);
    // The same network again, by `ip`, once the starter's is gone (deleting a namespace deletes its cables).
    await lab.run('ip -all netns delete && sh /root/ip-network.sh');
    expect(await lab.run('sh /root/network-view.sh')).toBe(made);
  });

  it('hands a service its own weblab as imported already when the bytes are the same, and its copy when not', async () => {
    const whereFrom = async (weblab: string) => {
      await lab.reset();
      await lab.provision(weblabLab(weblab), setupTimeoutMs);
      return lab.run('curl -s http://where.lab.internal/');
    };
    // Imported in the ready state: no module spec, as a module run by hand has; at normal priority once it serves.
    expect(await whereFrom(weblabSource)).toBe('/srv/t/weblab/weblab.py True 0\n');
    expect(await whereFrom(`${weblabSource}\n# changed\n`)).toBe('/srv/t/weblab/weblab.py False 0\n');
  });

  it('holds the port of a service it starts after the setup: a request sent before waits, and is answered', async () => {
    await lab.reset();
    await lab.provision({ ...weblabLab(weblabSource), processesVisible: true }, setupTimeoutMs);
    expect(await lab.run('curl -s http://where.lab.internal/')).toBe('/srv/t/weblab/weblab.py True 0\n');
    // A starter of its own, asked as the setup asks: until the setup's end, a port that listens and no service.
    await lab.run('pkill -u www-data python3; while pgrep -u www-data python3; do sleep 0.1; done');
    const { requests, replies, source } = pythonStarter;
    await lab.run(`python3 -S ${source} > /tmp/starter.log 2>&1 & until [ -p ${requests} ]; do sleep 0.1; done`);
    const request = JSON.stringify({
      netns: 'host0',
      user: 'www-data',
      cwd: '/srv/t',
      log: '/run/lab-services/where.log',
      ports: [80],
      argv: ['weblab/serve.py', 'where/app.py'],
      after_setup: true,
    });
    expect(await lab.run(`echo '${request}' > ${requests}; cat ${replies}`)).toBe('held\n');
    expect(
      await lab.run('ip netns exec host0 ss -Hltn "sport = :80" | wc -l; pgrep -f where/app.py || echo none'),
    ).toBe('1\nnone\n');
    await lab.run('curl -s -m 120 http://where.lab.internal/ > /tmp/early 2>&1 & early=$!');
    await lab.run(`echo '{"exit": true}' > ${requests}; wait $early; echo $?`);
    // Its own weblab, imported: this starter preloaded none.
    expect(await lab.run('cat /tmp/early')).toBe('/srv/t/weblab/weblab.py False 0\n');
  });

  it("starts a service at the lowest priority until it binds its port, then gives its account's limit back", async () => {
    // The application notes its priority while it loads, before weblab binds the port.
    const noting = [
      'import os, weblab',
      "open('/tmp/nice-while-starting', 'w').write(str(os.getpriority(os.PRIO_PROCESS, 0)))",
      "app = weblab.App(['where.lab.internal'])",
      "app.route('/')(lambda request: weblab.text('up\\n'))",
      '',
    ].join('\n');
    const noted: LabSpec = { ...weblabLab(weblabSource, noting), processesVisible: true };
    await lab.reset();
    await lab.provision(noted, setupTimeoutMs);
    expect(await lab.run('curl -s http://where.lab.internal/')).toBe('up\n');
    expect(await lab.run('cat /tmp/nice-while-starting; echo')).toBe('19\n');
    expect(await lab.run('ps -o ni= -u www-data')).toMatch(/^ +0\n$/);
    expect(await lab.run(`grep 'Max nice' /proc/$(pgrep -u www-data python3)/limits`)).toMatch(
      /^Max nice priority +0 +0 *\n$/,
    );
  });
});
