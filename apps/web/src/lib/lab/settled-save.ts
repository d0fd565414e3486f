import { activityClock, guestWorked, StallWatch, type ActivitySource, type LabMachine } from '@bastion/labs';
import type { HeldInput } from './guest-input.ts';

/** A User Timing mark for each lab saved again once settled (bench/lab-start.ts waits for it). */
const labSettledSaveMark = 'bastion:lab-saved-settled';

/** Idle this long in a row after working, a guest has settled: what it started in the background has finished. */
const settledAfterMs = 1_000;
/** How long a wait for a guest to settle lasts at most: a service that never stops working is left to it. */
const settleWithinMs = 60_000;

/**
 * Resolves true once the guest, having worked since the call, has been idle for `settledAfterMs` in a row; false when
 * it was idle from the start (nothing ran in the background), or had not settled within `settleWithinMs`.
 */
export function settlesAfterWork(machine: ActivitySource): Promise<boolean> {
  return new Promise((resolve) => {
    const since = activityClock();
    const watch = new StallWatch(settledAfterMs);
    let worked = false;
    const finish = (settled: boolean) => {
      stop();
      clearTimeout(giveUp);
      resolve(settled);
    };
    const giveUp = setTimeout(() => finish(false), settleWithinMs);
    const stop = machine.onActivity((sample) => {
      if (sample.takenAt < since) return;
      if (guestWorked(sample)) worked = true;
      if (watch.sample(sample)) finish(worked);
    });
  });
}

/** More than this printed after the first prompt, with nothing typed, is not a guest at its prompt. */
const redrawnAtMost = 4096;

/**
 * A guest that goes on working after the learner's first prompt (a lab's services finishing their start at low
 * priority, docs/labs.md) is saved again once it has settled, if the learner has typed nothing by then (`untouched`):
 * its warm starts and resets restore services that run already, rather than start them again. What the guest printed
 * meanwhile (the shell redraws its prompt at a new terminal size) is kept with the state; what the learner types
 * during the save reaches the guest after it.
 */
export async function saveAgainOnceSettled(
  machine: LabMachine,
  input: HeldInput,
  untouched: () => boolean,
  store: (state: Promise<ArrayBuffer | null>, printedSince: string) => Promise<void>,
): Promise<void> {
  let printed = '';
  const stopListening = machine.onOutput((text) => (printed += text));
  const settled = await settlesAfterWork(machine);
  stopListening();
  if (!settled || !untouched() || printed.length > redrawnAtMost) return;
  const release = input.hold();
  const saving = machine.saveState().catch(() => null);
  const stored = store(saving, printed);
  await saving;
  release();
  await stored;
  performance.mark(labSettledSaveMark);
}
