import type { MachineFailure } from './worker-messages.ts';

/**
 * Why a lab could not start: the machine's own failures, the guest refusing its setup, or a guest that stopped
 * doing anything while the host waited for it (never a guest that is merely slow).
 */
export type LabFailure = MachineFailure | 'setup' | 'stalled';

/** A machine that could not start; `reason` picks the learner's message. */
export class LabMachineError extends Error {
  constructor(
    readonly reason: LabFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LabMachineError';
  }
}
