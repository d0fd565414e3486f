import { describe, expect, it, vi } from 'vitest';
import type { LabSetup } from '@bastion/labs';
import { FakeGuest, memoryStateCache } from '@test/fake-lab.ts';
import { LabSession } from './lab-session.ts';
import { labStateKeyOf } from './lab-size.ts';
import { settlesAfterWork } from './settled-save.ts';

const SETUP: LabSetup = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const digest = async (text: string) => `${text.length}`;

const working = (machine: FakeGuest) => machine.report({ running: true, instructions: 5_000_000 });
const idle = (machine: FakeGuest, samples = 2) => {
  for (let i = 0; i < samples; i++) machine.report({ instructions: 100_000 });
};

/** A lab started on a fake guest, at its first prompt, its state saved there. */
async function startedLab() {
  const machines: FakeGuest[] = [];
  const cache = memoryStateCache();
  const lab = new LabSession({
    createMachine: () => {
      const machine = new FakeGuest();
      machines.push(machine);
      return machine;
    },
    cache,
    onPhase: () => undefined,
    onOutput: () => undefined,
    terminalSize: async () => ({ rows: 24, columns: 80 }),
    digest,
  });
  await lab.start(SETUP);
  const labKey = (await labStateKeyOf(SETUP, digest))!;
  const saves = () => cache.puts.filter((key) => key === labKey).length;
  expect(saves()).toBe(1);
  return { lab, machine: machines[0]!, saves, saved: () => cache.entries.get(labKey) };
}

describe('a guest settling after its first prompt', () => {
  it('has settled once idle for a second after working, and was never at work when idle from the start', async () => {
    const machine = new FakeGuest();
    const afterWork = settlesAfterWork(machine);
    working(machine);
    idle(machine, 1);
    working(machine);
    idle(machine);
    await expect(afterWork).resolves.toBe(true);
    const quiet = settlesAfterWork(machine);
    idle(machine);
    await expect(quiet).resolves.toBe(false);
  });

  it('counts no sample taken before it was asked', async () => {
    const machine = new FakeGuest();
    const early = { running: true, takenAt: Date.now() - 60_000 };
    const settled = settlesAfterWork(machine);
    machine.report(early);
    idle(machine);
    await expect(settled).resolves.toBe(false);
  });

  it('saves the lab again once its guest settles, when the learner has not typed meanwhile', async () => {
    const { machine, saves, saved } = await startedLab();
    working(machine);
    // The shell redraws its prompt at the terminal's new size: the terminal restored with the state shows it too.
    (machine as unknown as { print(text: string): void }).print('\r\x1b[K\r$ ');
    idle(machine);
    await vi.waitFor(() => expect(saves()).toBe(2));
    expect(saved()?.session).toBe('$ \r\x1b[K\r$ ');
  });

  it('keeps the state of the first prompt when the learner typed before the guest settled, or it never worked', async () => {
    const typed = await startedLab();
    working(typed.machine);
    typed.lab.send('l');
    idle(typed.machine);
    const quiet = await startedLab();
    idle(quiet.machine);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([typed.saves(), quiet.saves()]).toEqual([1, 1]);
  });
});
