// `npm run bench:lab-setup`: a lab's setup under Node, from the shipped ready state, for a plain lab and for the web
// course's lab with a Python target, a metadata service and three hosts (sealed, as the learner's browser gets it),
// and for that lab's parts alone. Prints each median and its ratio to the plain lab's. It is not a test.
import { renderSecrets, sampleSecretValues, shippedContent, terminalContentOf } from '@bastion/content';
import { quizLabSetup, sealLabContent, type LabSpec } from '@bastion/labs';
import { LabRunner } from '@bastion/labs/node';
import { imageSealKey, sealLab } from '@bastion/labs/seal';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const title = 'What Did the Server Fetch?';

const content = await shippedContent();
const item = content.courses
  .flatMap((course) => course.modules.flatMap((module) => module.items))
  .find((candidate) => candidate.type === 'quiz' && candidate.title === title);
if (item?.type !== 'quiz' || !item.terminal) throw new Error(`No quiz "${title}" with a terminal.`);
const values = sampleSecretValues(item.terminal.secrets ?? {});
const lab = terminalContentOf(renderSecrets(item.terminal, values));
const setup = quizLabSetup(lab);
const seal = (script: string) => sealLab(script, imageSealKey(), 'bench', 'lab-setup');
const only = (name: string): LabSpec => ({
  ...setup,
  services: (setup.services ?? []).filter((service) => service.name === name),
});
const labs: [string, LabSpec][] = [
  ['plain lab', { hostname: 'kali', user: 'student', cwd: '/home/student', files: [] }],
  ['the service lab, sealed', quizLabSetup(sealLabContent(lab, setup, seal, Object.values(values)))],
  ['the same, not sealed', setup],
  ['its network alone', { ...setup, services: [] }],
  ...(setup.services ?? []).map((service): [string, LabSpec] => [
    `its network and ${service.name}`,
    only(service.name),
  ]),
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const runner = await LabRunner.ready();
try {
  const times = new Map<string, number[]>(labs.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, spec] of labs) {
      await runner.reset();
      const started = performance.now();
      await runner.provision({ ...spec, columns: 80, rows: 24 });
      times.get(name)!.push(performance.now() - started);
    }
  }
  const plain = median(times.get('plain lab')!);
  for (const [name, measured] of times) {
    const ms = median(measured);
    process.stdout.write(
      `${name}: setup to the prompt ${ms.toFixed(0)} ms, median of ${rounds} (${(ms / plain).toFixed(2)}×)\n`,
    );
  }
} finally {
  await runner.destroy();
}
