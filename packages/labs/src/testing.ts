// Values tests of a lab machine build again and again (`@bastion/labs/testing`): nothing here runs in the product.
import { activityClock, type MachineActivity } from './progress-watch.ts';

/** A sample of a guest that did nothing for half a second, taken now; `overrides` on top. */
export function machineSample(overrides: Partial<MachineActivity> = {}): MachineActivity {
  return {
    elapsedMs: 500,
    instructions: 0,
    executed: 0,
    fileReads: 0,
    readsInFlight: 0,
    takenAt: activityClock(),
    ...overrides,
  };
}
