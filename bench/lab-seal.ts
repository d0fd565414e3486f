// `npm run bench:lab-seal`: what sealing a lab's private part (docs/labs.md) adds to its setup, under Node. The
// same lab (a service, an account with a password, root's and a service's files) is set up plain and sealed, in
// turn, after a reset to the saved ready point each time; prints the medians and their ratio. It is not a test.
import { sealedPart, type LabSetup, type LabSpec } from '@bastion/labs';
import { LabRunner } from '@bastion/labs/node';
import { imageSealKey, sealLab } from '@bastion/labs/seal';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

const lab: LabSetup = {
  hostname: 'vault',
  user: 'student',
  cwd: '/home/student',
  files: [
    { path: '/home/student/notes.txt', content: 'the notes\n' },
    { path: '/root/flag.txt', content: 'FLAG{bench}\n', owner: 'root', mode: '0600' },
    { path: '/srv/www/index.html', content: 'served\n', owner: 'www', mode: '0600' },
  ],
  services: [
    { name: 'web', user: 'www', command: 'exec busybox httpd -f -p 8080 -h /srv/www', cwd: '/srv/www', ports: [8080] },
  ],
  accounts: [{ name: 'ops', password: 'Ops-Pass-4417' }],
};

function sealed(): LabSpec {
  const part = sealedPart(lab)!;
  return {
    ...lab,
    files: lab.files.filter((file) => !part.privatePaths.has(file.path)),
    services: [],
    accounts: [],
    sealed: sealLab(part.script, imageSealKey(), 'bench', 'learner\nitem'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { runner } = await LabRunner.boot(180_000);
try {
  const times = { plain: [] as number[], sealed: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, spec] of [
      ['plain', lab],
      ['sealed', sealed()],
    ] as const) {
      await runner.reset();
      const started = performance.now();
      await runner.provision(spec);
      times[name].push(performance.now() - started);
    }
  }
  const [plain, withSeal] = [median(times.plain), median(times.sealed)];
  process.stdout.write(
    `setup to the prompt, median of ${rounds}: plain ${plain.toFixed(0)} ms, sealed ${withSeal.toFixed(0)} ms ` +
      `(${(withSeal / plain).toFixed(2)}×, +${(withSeal - plain).toFixed(0)} ms)\n`,
  );
} finally {
  await runner.destroy();
}
