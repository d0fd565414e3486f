// `npm run bench:replay`: how long `content validate` takes to replay every recorded session of the shipped
// curriculum in the real lab image under Node. Prints figures; it is not a test. The baseline, measured in the same
// process on the same machine, is an empty lab: reset to the saved ready point and set up with no files.
import { shippedContent, shippedContentDir } from '@bastion/content';
import { LabRunner, recordingsOf, replayRecordings } from '@bastion/labs/node';

const baselineRuns = Number(process.env.BENCH_ROUNDS ?? 5);
const emptyLab = { hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner', files: [] };

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

const recordings = await recordingsOf(await shippedContent(), shippedContentDir);

const { runner, bootMs } = await LabRunner.boot(180_000);
try {
  log(`cold boot to the ready point: ${(bootMs / 1000).toFixed(1)} s`);
  const emptyLabMs: number[] = [];
  for (let round = 0; round < baselineRuns; round++) {
    const started = performance.now();
    await runner.reset();
    await runner.provision(emptyLab);
    emptyLabMs.push(performance.now() - started);
  }
  const baseline = emptyLabMs.reduce((a, b) => a + b, 0) / emptyLabMs.length;
  log(`baseline, an empty lab (reset + setup), mean of ${baselineRuns}: ${baseline.toFixed(0)} ms`);

  const report = await replayRecordings(runner, recordings);
  const perLab = report.ms / Math.max(report.labs, 1);
  log(
    `replay of the shipped curriculum: ${(report.ms / 1000).toFixed(1)} s for ${report.labs} labs, ` +
      `${report.replayed} entries replayed, ${report.notReplayed} shown only, ${report.problems.length} problems`,
  );
  log(`per lab: ${perLab.toFixed(0)} ms, ${(perLab / baseline).toFixed(2)}× an empty lab`);
  log(`content validate in all (boot + replay): ${((bootMs + report.ms) / 1000).toFixed(1)} s`);
} finally {
  await runner.destroy();
}
