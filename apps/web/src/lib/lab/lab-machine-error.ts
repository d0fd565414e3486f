import type { MachineFailure } from './worker-messages.ts';

/** Why a lab could not start: the machine's own failures, or the guest refusing its setup. */
export type LabFailure = MachineFailure | 'setup';

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
