import type { BootSource, MachineFailure } from './worker-messages.ts';

/** A running lab machine as the page sees it; the real one runs v86 in a worker, tests use a fake. */
export interface LabMachine {
  /** Starts the machine from the image or from a saved state; `onProgress` counts the image's decoded bytes. */
  boot(source: BootSource, onProgress?: (loadedBytes: number) => void): Promise<void>;
  /** Types bytes into the serial console. */
  send(text: string): void;
  /** Everything the serial console prints, as text; returns the unsubscribe function. */
  onOutput(listener: (text: string) => void): () => void;
  saveState(): Promise<ArrayBuffer>;
  restoreState(state: ArrayBuffer): Promise<void>;
  stop(): void;
}

export type CreateLabMachine = () => LabMachine | Promise<LabMachine>;

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
