import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '@bastion/content';
import { lessonMd, sampleFolder, TempFolders } from '@bastion/content/testing';
import { loadInWorker } from './content-loader.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

/** How busy this thread's event loop was while `work` ran (0: idle, waiting; 1: running code all along). */
async function busyWhile(work: () => Promise<unknown>): Promise<number> {
  const start = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(start).utilization;
}

describe('loadInWorker', () => {
  it('reads and checks a folder in a worker thread: the same findings, while this thread stays free', async () => {
    // Six lessons of nearly 1 MB: a second or more of parsing and checks.
    const prose = `${'A sentence of the lesson, one of very many in it. '.repeat(19_000)}\n`;
    const lessons = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        `courses/big-course/01-big-basics/${String(index + 3).padStart(2, '0')}-long.md`,
        lessonMd(`Long ${index}`, prose),
      ]),
    );
    const dir = await folders.create({ ...sampleFolder('big'), ...lessons });

    let inThread: Awaited<ReturnType<typeof checkContent>> | undefined;
    const busyInThread = await busyWhile(async () => (inThread = await checkContent(dir, { strict: false })));
    let inWorker: Awaited<ReturnType<typeof loadInWorker>> | undefined;
    const busyWithWorker = await busyWhile(async () => (inWorker = await loadInWorker(dir, { strict: false })));

    expect(inWorker).toEqual(inThread);
    expect(inWorker!.content.courses[0]!.modules[0]!.items).toHaveLength(8);
    // The same work keeps this thread busy when it runs here, and leaves it waiting when a worker runs it.
    expect(busyInThread).toBeGreaterThan(0.6);
    expect(busyWithWorker).toBeLessThan(0.3);
  });

  it('answers the problems of a folder as checkContent does', async () => {
    const dir = await folders.create({ 'badges.yaml': '- slug: "nul\\0"\n' });
    const loaded = await loadInWorker(dir, { strict: false });
    expect(loaded.problems).toEqual((await checkContent(dir, { strict: false })).problems);
    expect(loaded.problems[0]).toMatchObject({ file: 'badges.yaml', line: 1 });
  });
});
