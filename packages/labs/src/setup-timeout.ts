import type { LabSpec } from './lab-spec.ts';

/**
 * The time each service adds to a lab's setup: Python starts slowly in the emulated guest, and the learner's prompt
 * waits until every service listens. A lab with one Python web target took 20 s to set up at a host load of 7, and
 * 85 s at 11 (decision 0150), against 4 s for an empty lab.
 */
export const serviceStartAllowanceMs = 120_000;

/** How long a lab's setup may take before it is given up: a plain lab's allowance, plus each service's. */
export function setupTimeoutMs(spec: Pick<LabSpec, 'services'>, plainLabMs: number): number {
  return plainLabMs + (spec.services?.length ?? 0) * serviceStartAllowanceMs;
}
