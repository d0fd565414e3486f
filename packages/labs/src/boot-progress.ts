import { labBootProfile } from './boot-profile.ts';
import type { BootProfile } from './boot-profile-type.ts';

export interface BootProgress {
  /** 0 to 0.99 until the guest is ready. */
  fraction: number;
  /** The time left at this machine's pace so far, or null while too little of the boot has run to tell. */
  remainingMs: number | null;
}

/** Where the measured boot was when it had run `instructions`. */
function profileMsAt(instructions: number, profile: BootProfile): number {
  let previous: [number, number] = [0, 0];
  for (const point of profile.points) {
    if (instructions <= point[0]) {
      const span = point[0] - previous[0];
      return previous[1] + (span > 0 ? ((instructions - previous[0]) / span) * (point[1] - previous[1]) : 0);
    }
    previous = point;
  }
  return profile.readyMs;
}

/** The estimate needs this much of the measured boot behind it before it says a time. */
const minimumMeasuredMs = 1_500;

// Decision 0148: a cold boot's progress is measured in instructions, against a boot measured once.
/**
 * How far a cold boot is after `executed` instructions and `elapsedMs` since the emulator started: the share of the
 * measured boot's time those instructions took, and the rest of it scaled by how much slower (or faster) this
 * machine has been so far.
 */
export function bootProgress(executed: number, elapsedMs: number, profile: BootProfile = labBootProfile): BootProgress {
  const reachedMs = Math.min(profileMsAt(executed, profile), profile.readyMs);
  const fraction = Math.min(0.99, reachedMs / profile.readyMs);
  if (reachedMs < minimumMeasuredMs || elapsedMs <= 0) return { fraction, remainingMs: null };
  const pace = elapsedMs / reachedMs;
  return { fraction, remainingMs: Math.max(0, (profile.readyMs - reachedMs) * pace) };
}
