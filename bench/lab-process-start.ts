// `npm run bench:lab-process`: what a program start costs in the lab's guest, under Node from the shipped ready state.
// A shell loop of `true` (a dynamically linked program that does nothing), of `id -un` (a name looked up) and of
// `curl` against a service on the lab's own network (a library-heavy program and a host name resolved), each timed
// in the guest, with the image as built (the linker's cache and nsswitch.conf) and then, in the same lab, with both
// moved aside: the image as it was before them. Prints milliseconds per start and the ratio, then glibc's statistics
// of curl's dynamic loading. It is not a test.
import { LabRunner } from '@bastion/labs/node';

const starts = Number(process.env.BENCH_STARTS ?? 40);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const loops = {
  true: 'true',
  'id -un': 'id -un >/dev/null',
  curl: 'curl -s -o /dev/null http://web.lab.internal:8000/',
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds per start of `command`, timed by the guest's own clock over a loop. */
async function perStart(runner: LabRunner, command: string): Promise<number> {
  const output = await runner.run(
    `s=$(date +%s%N); for i in $(seq ${starts}); do ${command}; done; e=$(date +%s%N); echo $(( (e - s) / ${starts} / 1000 ))`,
    600_000,
  );
  const micros = Number(output.trim().split('\n').at(-1));
  if (!Number.isFinite(micros)) throw new Error(`No time from the guest: ${output}`);
  return micros / 1000;
}

const runner = await LabRunner.ready();
try {
  await runner.provision({
    hostname: 'kali',
    user: 'root',
    cwd: '/root',
    columns: 80,
    rows: 24,
    network: { address: '192.168.56.23/24', gateway: '192.168.56.1' },
    hosts: [{ name: 'web.lab.internal', address: '192.168.56.30' }],
    services: [
      {
        name: 'web',
        user: 'nobody',
        host: 'web.lab.internal',
        command: 'exec python3 -m http.server 8000 --directory /srv/web',
        cwd: '/srv/web',
        ports: [8000],
      },
    ],
    files: [{ path: '/srv/web/index.html', content: 'ok\n', owner: 'nobody', group: 'nogroup' }],
  });
  const asBuilt = 'as built';
  const before = 'without the cache and nsswitch.conf';
  const kinds: [string, string][] = [
    [asBuilt, 'for f in ld.so.cache nsswitch.conf; do [ ! -e /etc/$f.off ] || mv /etc/$f.off /etc/$f; done'],
    [before, 'for f in ld.so.cache nsswitch.conf; do mv /etc/$f /etc/$f.off; done'],
  ];
  const times = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [kind, setUp] of kinds) {
      await runner.run(setUp);
      for (const [name, command] of Object.entries(loops)) {
        // Once untimed: the first start reads the program's files into the guest.
        await runner.run(command);
        const key = `${name}, ${kind}`;
        times.set(key, [...(times.get(key) ?? []), await perStart(runner, command)]);
      }
    }
  }
  for (const name of Object.keys(loops)) {
    const built = median(times.get(`${name}, ${asBuilt}`)!);
    const without = median(times.get(`${name}, ${before}`)!);
    process.stdout.write(
      `${name}: ${built.toFixed(1)} ms a start ${asBuilt}, ${without.toFixed(1)} ms ${before} ` +
        `(${(built / without).toFixed(2)}×), median of ${rounds} loops of ${starts}\n`,
    );
  }
  // glibc's own account of where its dynamic loader's time went in one curl start.
  const statistics = await runner.run(`LD_DEBUG=statistics ${loops.curl} 2>&1`);
  for (const line of statistics
    .split('\n')
    .filter((text) => /total startup|time needed|number of relocations:/.test(text))) {
    process.stdout.write(`curl, the dynamic loader: ${line.replace(/^\s*\d+:\s*/, '').trim()}\n`);
  }
} finally {
  await runner.destroy();
}
