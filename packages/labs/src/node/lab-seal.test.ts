import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabSetup, LabSpec } from '../lab-spec.ts';
import { sealedPart } from '../sealed-setup.ts';
import { buildSetupScript } from '../setup-script.ts';
import { imageSealKey, sealLab } from './lab-seal.ts';
import { LabRunner } from './lab-runner.ts';

const bootTimeoutMs = 300_000;
const flag = 'FLAG{sealed-7d1c9e}';
const password = 'Ops-Pass-4417';
const token = 'tok-5b2e88';

/** A lab with what its user may read (notes, a setuid cat to check the rest with) and what they may not. */
const lab: LabSetup = {
  hostname: 'vault',
  user: 'student',
  cwd: '/home/student',
  files: [
    { path: '/home/student/notes.txt', content: 'the notes\n' },
    { path: '/usr/local/bin/rootcat', copyOf: '/usr/bin/cat', owner: 'root', mode: '4755' },
    { path: '/root/flag.txt', content: `${flag}\n`, owner: 'root', mode: '0600' },
    { path: '/srv/www/index.html', content: `served ${token}\n`, owner: 'www', mode: '0600' },
  ],
  services: [
    {
      name: 'web',
      user: 'www',
      command: `TOKEN=${token} exec busybox httpd -f -p 8080 -h /srv/www`,
      cwd: '/srv/www',
      ports: [8080],
    },
  ],
  accounts: [{ name: 'ops', password }],
};

function sealed(imageKey: string): LabSpec {
  const part = sealedPart(lab)!;
  return {
    ...lab,
    files: lab.files.filter((file) => !part.privatePaths.has(file.path)),
    services: [],
    accounts: [],
    sealed: sealLab(part.script, imageKey, 'server key', 'learner\nitem'),
  };
}

let runner: LabRunner;
beforeAll(async () => {
  runner = await LabRunner.ready();
}, bootTimeoutMs + 10_000);
afterAll(() => runner?.destroy());

describe('a sealed lab', () => {
  it('hands its browser none of what its user may not read', () => {
    const spec = sealed(imageSealKey());
    const setup = buildSetupScript(spec);
    for (const secret of [flag, password, token, 'served'])
      expect(JSON.stringify(spec) + setup, secret).not.toContain(secret);
    expect(spec.files.map((file) => file.path)).toEqual(['/home/student/notes.txt', '/usr/local/bin/rootcat']);
  });

  it('opens in the guest, as root, before the learner starts', { timeout: 120_000 }, async () => {
    await runner.reset();
    await runner.provision(sealed(imageSealKey()));
    expect(await runner.run('id -un; cat notes.txt')).toBe('student\nthe notes\n');
    expect(await runner.run('cat /root/flag.txt 2>&1 | sed "s/.*: //"')).toBe('Permission denied\n');
    expect(await runner.run('rootcat /root/flag.txt')).toBe(`${flag}\n`);
    expect(await runner.run('stat -c "%U %a" /srv/www/index.html')).toBe('www 600\n');
    expect(await runner.run('busybox wget -qO- http://127.0.0.1:8080/index.html')).toBe(`served ${token}\n`);
    // The password is in /etc/shadow as a hash; the clear text left no file behind.
    expect(await runner.run('rootcat /etc/shadow | grep "^ops:" | cut -c1-7')).toBe('ops:$6$\n');
    expect(await runner.run(`rootcat /etc/shadow | grep -c ${password}`)).toBe('0\n');
    expect(await runner.run('ls /run/lab-seal /run/lab-setup.sh 2>&1 | grep -c "No such file"')).toBe('2\n');
  });

  it(
    'leaves nothing of its way in: no file in the guest, none in the filesystem the page holds',
    { timeout: 120_000 },
    async () => {
      await runner.reset();
      await runner.provision(sealed(imageSealKey()));
      expect(await runner.run('ls -A / | grep -c "^\\.lab-"')).toBe('0\n');
      const root = (
        runner as unknown as { machine: { emulator: { fs9p: { inodes: { direntries: Map<string, number> }[] } } } }
      ).machine.emulator.fs9p.inodes[0]!;
      expect([...root.direntries.keys()].filter((name) => name.startsWith('.lab-'))).toEqual([]);
    },
  );

  it(
    "leaves the sealed part's clear text in the memory of no service forked after it",
    { timeout: 180_000 },
    async () => {
      const marker = ['SEALED', 'CLEAR', '3f9a'].join('-');
      // Every readable region of the service's memory, counted for the marker and for its own code (which must show).
      const scan = [
        'import sys',
        'pid, found = sys.argv[1], {}',
        'for line in open(f"/proc/{pid}/maps"):',
        '    span, modes = line.split()[:2]',
        '    start, end = (int(x, 16) for x in span.split("-"))',
        '    if modes[0] != "r": continue',
        '    with open(f"/proc/{pid}/mem", "rb") as mem:',
        '        try:',
        '            mem.seek(start); data = mem.read(end - start)',
        '        except OSError: continue',
        '    for word in sys.argv[2:]: found[word] = found.get(word, 0) + data.count(word.encode())',
        'print(*(f"{w} {n}" for w, n in found.items()))',
      ].join('\n');
      const idle: LabSetup = {
        hostname: 'box',
        user: 'root',
        cwd: '/root',
        files: [
          {
            path: '/srv/idle.py',
            content: 'import time\nwhile True:\n    time.sleep(60)\n',
            owner: 'www',
            mode: '0600',
          },
          // 36 KB: memory freed and not zeroed keeps most of it (a few bytes freed are soon reused).
          { path: '/root/secret.txt', content: `${marker}\n`.repeat(2000), mode: '0600' },
          { path: '/root/scan.py', content: `${scan}\n` },
        ],
        services: [{ name: 'idle', user: 'www', command: 'python3 -S /srv/idle.py', cwd: '/srv' }],
      };
      const part = sealedPart(idle, [marker])!;
      await runner.reset();
      await runner.provision({
        ...idle,
        files: idle.files.filter((file) => !part.privatePaths.has(file.path)),
        services: [],
        sealed: sealLab(part.script, imageSealKey(), 'server key', 'learner\nitem'),
      });
      expect(await runner.run('sort -u /root/secret.txt')).toBe(`${marker}\n`);
      const marked = marker.replace('CLEAR', "'CLEAR'");
      expect(await runner.run(`python3 -S /root/scan.py $(pgrep -f idle.py) time.sleep ${marked}`, 120_000)).toMatch(
        new RegExp(`^time\\.sleep [1-9]\\d* ${marker} 0\\n$`),
      );
    },
  );

  it('does not open with another image key: the setup fails', { timeout: 120_000 }, async () => {
    const otherImage = 'ab'.repeat(32);
    await runner.reset();
    await expect(runner.provision(sealed(otherImage))).rejects.toThrow(/does not open in this image/);
  });
});
