import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolFiles } from '../image-tools.ts';
import { LabRunner } from './lab-runner.ts';
import { toolRuns } from './tool-files.ts';

const setupTimeoutMs = 180_000;

describe('a tool’s files fetched before the learner runs it', () => {
  let runner: LabRunner;

  beforeAll(async () => {
    runner = await LabRunner.ready();
    await runner.provision({ hostname: 'lab', user: 'student', cwd: '/home/student', files: [] });
  }, setupTimeoutMs);

  afterAll(async () => {
    await runner?.destroy();
  });

  /** Runs `command` and returns the image files it read that the machine did not hold yet. */
  async function fetchedOnRead(command: string): Promise<{ reads: number; fetched: number }> {
    let reads = 0;
    let fetched = 0;
    const stop = runner.labMachine.watchFileReads((_name, held) => {
      reads++;
      if (!held) fetched++;
    });
    await runner.run(command).finally(stop);
    return { reads, fetched };
  }

  it('a tool not prefetched waits for files on its first run', async () => {
    const first = await fetchedOnRead(toolRuns.curl!);
    expect(first.fetched).toBeGreaterThan(5);
  });

  it('a prefetched tool finds every file it reads held', async () => {
    const files = toolFiles(['nmap']);
    expect(await runner.labMachine.prefetch(files)).toBe(files.length);
    const run = await fetchedOnRead(toolRuns.nmap!);
    expect(run.reads).toBeGreaterThan(10);
    expect(run.fetched).toBe(0);
  });
});
