// `npm run bench:lab-boot`: measures a cold boot of the lab image in v86 under Node, from the emulator's start to
// the guest's ready point, as the instructions the guest had run at each moment (packages/labs/src/boot-progress.ts
// turns them into a cold start's progress and time left). Prints the runs; with `-- --write` it writes the median run
// to packages/labs/src/boot-profile.ts. Remeasure after the image or v86 changes, on a quiet machine.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as prettier from 'prettier';
import { labReadyMarker } from '@bastion/labs';
import { labImageFiles, loadLabImage, NodeLabMachine, readLabManifest } from '@bastion/labs/node';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const profileFile = new URL('../packages/labs/src/boot-profile.ts', import.meta.url);

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function measure() {
  const machine = new NodeLabMachine(await loadLabImage());
  const points: [number, number][] = [];
  await machine.boot({ kind: 'image' });
  const started = performance.now();
  machine.onActivity((sample) => points.push([sample.executed, Math.round(performance.now() - started)]));
  await new Promise<void>((resolve) => {
    let seen = '';
    machine.onOutput((text) => {
      seen += text;
      if (seen.includes(labReadyMarker)) resolve();
    });
  });
  const readyMs = Math.round(performance.now() - started);
  await machine.destroy();
  return { readyMs, points };
}

const measured = [];
for (let run = 1; run <= runs; run++) {
  const boot = await measure();
  const instructions = boot.points.at(-1)?.[0] ?? 0;
  log(
    `run ${run}: ready after ${(boot.readyMs / 1000).toFixed(2)} s, ${(instructions / 1e9).toFixed(2)} G instructions`,
  );
  measured.push(boot);
}
measured.sort((a, b) => a.readyMs - b.readyMs);
const median = measured[Math.floor(measured.length / 2)]!;

if (process.argv.includes('--write')) {
  const manifest = await readLabManifest();
  const v86 = (createRequire(import.meta.url)('v86/package.json') as { version: string }).version;
  // Points at most every 500 ms; the instructions ascend (samples where nothing ran add nothing).
  const points = median.points.filter((point, i, all) => i === 0 || point[0] > all[i - 1]![0]);
  const source = [
    "import type { BootProfile } from './boot-profile-type.ts';",
    '',
    '// Written by `npm run bench:lab-boot -- --write`: remeasure after the image or v86 changes (a test checks the image).',
    'export const labBootProfile: BootProfile = {',
    `  v86: ${JSON.stringify(v86)},`,
    `  image: ${JSON.stringify(manifest.files.map((file) => `${file.file}-${file.sha256.slice(0, 16)}`))},`,
    `  readyMs: ${median.readyMs},`,
    `  points: [${points.map(([instructions, ms]) => `[${instructions}, ${ms}]`).join(', ')}],`,
    '};',
    '',
  ].join('\n');
  // Formatted as the repository's own code is, so the format check passes on what was written.
  const options = await prettier.resolveConfig(profileFile.pathname);
  await writeFile(profileFile, await prettier.format(source, { ...options, filepath: profileFile.pathname }));
  log(`wrote ${profileFile.pathname} (median run, ${points.length} points) for ${labImageFiles.manifest}`);
} else {
  log(`median: ${(median.readyMs / 1000).toFixed(2)} s; add -- --write to keep it as the boot profile`);
}
