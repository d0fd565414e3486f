import { describe, expect, it } from 'vitest';
import { controlGuest } from './control.ts';
import {
  activityClock,
  LabStalledError,
  longestIdleSampleMs,
  restoredStallAfterMs,
  stallAfterMs,
  StallWatch,
  waitForMarker,
  type MachineActivity,
} from './progress-watch.ts';
import { machineSample } from './testing.ts';

/** A link whose guest is driven by the test: what it prints, its control answers, its activity. */
function link() {
  const output = new Set<(text: string) => void>();
  const control = new Set<(text: string) => void>();
  const activity = new Set<(sample: MachineActivity) => void>();
  const sentControl: string[] = [];
  return {
    sentControl,
    send: () => undefined,
    onOutput: (listener: (text: string) => void) => (output.add(listener), () => output.delete(listener)),
    sendControl: (text: string) => sentControl.push(text),
    onControlOutput: (listener: (text: string) => void) => (control.add(listener), () => control.delete(listener)),
    onActivity: (listener: (s: MachineActivity) => void) => (activity.add(listener), () => activity.delete(listener)),
    print: (text: string) => output.forEach((listener) => listener(text)),
    answer: (text: string) => control.forEach((listener) => listener(text)),
    report: (s: Partial<MachineActivity>) => activity.forEach((listener) => listener(machineSample(s))),
  };
}

describe('the stall watch', () => {
  it('counts only idle time in a row: instructions, file reads and output each start it again', () => {
    const watch = new StallWatch(2_000);
    expect(watch.sample(machineSample({ elapsedMs: 1_000, instructions: 1_000_000 }))).toBe(false);
    expect(watch.sample(machineSample({ elapsedMs: 400, instructions: 10_000_000 }))).toBe(false); // 25 M/s: working
    expect(watch.sample(machineSample({ elapsedMs: 1_000 }))).toBe(false);
    watch.output();
    expect(watch.sample(machineSample({ elapsedMs: 1_000 }))).toBe(false);
    expect(watch.sample(machineSample({ elapsedMs: 400, readsInFlight: 1 }))).toBe(false);
    expect(watch.sample(machineSample({ elapsedMs: 1_000 }))).toBe(false);
    expect(watch.sample(machineSample({ elapsedMs: 999 }))).toBe(false);
    expect(watch.sample(machineSample({ elapsedMs: 1 }))).toBe(true);
  });

  it('counts a late sample as one interval at most: a host that ran nothing meanwhile ran no guest either', () => {
    const watch = new StallWatch(restoredStallAfterMs);
    // A worker starved for 3 s at a time, its guest halted at each sample: five samples, not two, before a stall.
    for (let sampleNumber = 1; sampleNumber < restoredStallAfterMs / longestIdleSampleMs; sampleNumber++) {
      expect(watch.sample(machineSample({ elapsedMs: 3_000, instructions: 1_000_000 }))).toBe(false);
    }
    expect(watch.sample(machineSample({ elapsedMs: 3_000, instructions: 1_000_000 }))).toBe(true);
  });

  it('leaves out the samples taken before it began, however late they arrive', () => {
    const before = activityClock() - 1;
    const watch = new StallWatch(restoredStallAfterMs);
    // A page held up for 20 s receives its worker's samples of an idle guest at once, after it asked its question.
    for (let spent = 0; spent < 20_000; spent += 500) {
      expect(watch.sample(machineSample({ elapsedMs: 500, takenAt: before - 20_000 + spent }))).toBe(false);
    }
    let stuck = false;
    for (let spent = 0; spent < restoredStallAfterMs; spent += 500)
      stuck = watch.sample(machineSample({ elapsedMs: 500 }));
    expect(stuck).toBe(true);
  });

  it('never calls a slow guest stuck: a tenth of the speed is still work', () => {
    const watch = new StallWatch();
    // An idle guest runs about 1 M instructions a second; one at work 30 M and more, here 8 M on a starved host.
    for (let spent = 0; spent < 20 * stallAfterMs; spent += 500) {
      expect(watch.sample(machineSample({ elapsedMs: 500, instructions: 4_000_000 }))).toBe(false);
    }
  });

  it('never calls a guest stuck while its CPU runs, however few instructions a starved host lets it run', () => {
    const watch = new StallWatch();
    for (let spent = 0; spent < 20 * stallAfterMs; spent += 500) {
      expect(watch.sample(machineSample({ elapsedMs: 500, instructions: 200_000, running: true }))).toBe(false);
    }
    // The same few instructions with the CPU halted between timer ticks: an idle guest.
    let stuck = false;
    for (let spent = 0; spent < stallAfterMs; spent += 500) {
      stuck = watch.sample(machineSample({ elapsedMs: 500, instructions: 200_000, running: false }));
    }
    expect(stuck).toBe(true);
  });

  it('waits for a marker as long as the guest works, and rejects once it stays idle', async () => {
    const busy = link();
    const waiting = waitForMarker(busy, 'READY');
    for (let i = 0; i < 200; i++) busy.report({ instructions: 50_000_000 });
    busy.print('…RE');
    busy.print('ADY');
    await expect(waiting).resolves.toBeUndefined();

    const stuck = link();
    const stalled = waitForMarker(stuck, 'READY');
    for (let spent = 0; spent < stallAfterMs; spent += 500) stuck.report({ instructions: 400_000 });
    await expect(stalled).rejects.toBeInstanceOf(LabStalledError);
  });
});

describe('the control port', () => {
  it('sends each command with an id until the daemon answers it', async () => {
    const guest = link();
    const applying = controlGuest(guest, [
      { kind: 'size', size: { rows: 40.7, columns: 120 } },
      { kind: 'clock', epochSeconds: 1_800_000_000.5 },
    ]);
    const [size, clock] = guest.sentControl;
    expect(size).toMatch(/^\d+ size 40 120\n$/);
    expect(clock).toMatch(/^\d+ clock 1800000000\n$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing answered: both again.
    expect(guest.sentControl.slice(2)).toEqual([size, clock]);
    guest.answer(`${size!.split(' ')[0]} do`);
    guest.answer(`ne\r\n${clock!.split(' ')[0]} done\r\n`);
    await expect(applying).resolves.toBeUndefined();
  });

  it('gives up on an abandoned command without failing, and fails a watched one whose guest stays idle', async () => {
    const guest = link();
    const abandon = new AbortController();
    const abandoned = controlGuest(guest, [{ kind: 'size', size: { rows: 1, columns: 1 } }], {
      signal: abandon.signal,
    });
    abandon.abort();
    await expect(abandoned).resolves.toBeUndefined();
    const watched = controlGuest(guest, [{ kind: 'size', size: { rows: 1, columns: 1 } }], { watch: true });
    for (let spent = 0; spent < stallAfterMs; spent += 500) guest.report({});
    await expect(watched).rejects.toBeInstanceOf(LabStalledError);
  });
});
