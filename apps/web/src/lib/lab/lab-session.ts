import {
  labReadyMarker,
  provisionLab,
  setupTimeoutMs,
  type CreateLabMachine,
  type LabMachine,
  type LabSpec,
} from '@bastion/labs';
import { LabMachineError, type LabFailure } from './lab-machine-error.ts';
import { labStateKey } from './lab-size.ts';
import type { StateCache } from './state-cache.ts';

/** Where a lab is, for the screen. */
export type LabPhase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'downloading'; loadedBytes: number }
  | { kind: 'booting' }
  | { kind: 'restoring' }
  | { kind: 'setting-up' }
  | { kind: 'running' }
  | { kind: 'failed'; reason: LabFailure; message: string };

export interface LabSessionOptions {
  createMachine: CreateLabMachine;
  cache: StateCache;
  onPhase(phase: LabPhase): void;
  /** The learner's terminal: what the guest prints once the lab is set up. */
  onOutput(text: string): void;
  /** A cold boot reaches its ready point in about 25 s on a slow machine; allow for a slower one. */
  bootTimeoutMs?: number;
  /** A lab without services (30 s by default); each service adds its start allowance. */
  setupTimeoutMs?: number;
}

/** Resolves once `marker` appears in the machine's output (from now on). */
function waitForOutput(machine: LabMachine, marker: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      stop();
      reject(new LabMachineError('other', `The lab machine did not finish booting within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    const stop = machine.onOutput((text) => {
      seen = (seen + text).slice(-(marker.length + text.length));
      if (seen.includes(marker)) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}

/**
 * One lab on the page: boots (from the cached state when there is one), sets the guest up for the spec and
 * connects it to the learner's terminal; resets by restoring the state again. A cold boot saves the
 * machine at its ready point, so every later start (and reset) skips the boot.
 */
export class LabSession {
  private machine: LabMachine | null = null;
  private stopOutput: (() => void) | null = null;
  private generation = 0;

  constructor(private readonly options: LabSessionOptions) {}

  /**
   * `spec` may still be on its way (the terminal measures its size once it is in the page): the machine boots
   * or restores meanwhile, and the spec is awaited only for the setup.
   */
  async start(spec: LabSpec | Promise<LabSpec>): Promise<void> {
    const generation = ++this.generation;
    this.disconnect();
    try {
      // The machine's worker starts while the saved state is read.
      const creating = this.machine ?? this.options.createMachine();
      const state = await this.options.cache.get(labStateKey);
      const machine = await creating;
      if (this.stale(generation)) {
        // Stopped (or started again) meanwhile: a machine created for this start has no one to run for.
        if (machine !== this.machine) machine.stop();
        return;
      }
      this.machine = machine;
      if (state) {
        this.options.onPhase({ kind: 'restoring' });
        await machine.boot({ kind: 'state', state });
      } else {
        await this.bootCold(machine, generation);
      }
      if (this.stale(generation)) return;
      await this.setUp(machine, await spec, generation);
    } catch (error) {
      if (this.stale(generation)) return;
      this.fail(error);
    }
  }

  /** Back to the lab's first moment: the saved state again, set up afresh. */
  async reset(spec: LabSpec): Promise<void> {
    const generation = ++this.generation;
    this.disconnect();
    const machine = this.machine;
    try {
      const state = await this.options.cache.get(labStateKey);
      if (this.stale(generation)) return;
      if (!machine || !state) {
        // Nothing to restore (the state could not be stored): a fresh machine from the image.
        this.stopMachine();
        return await this.start(spec);
      }
      this.options.onPhase({ kind: 'restoring' });
      await machine.restoreState(state);
      if (this.stale(generation)) return;
      await this.setUp(machine, spec, generation);
    } catch (error) {
      if (this.stale(generation)) return;
      this.fail(error);
    }
  }

  /** The learner's keystrokes and pastes. */
  send(text: string): void {
    if (this.stopOutput) this.machine?.send(text);
  }

  stop(): void {
    this.generation++;
    this.disconnect();
    this.stopMachine();
  }

  private async bootCold(machine: LabMachine, generation: number) {
    this.options.onPhase({ kind: 'downloading', loadedBytes: 0 });
    const ready = waitForOutput(machine, labReadyMarker, this.options.bootTimeoutMs ?? 180_000);
    ready.catch(() => undefined);
    await machine.boot({ kind: 'image' }, (loadedBytes) => {
      if (!this.stale(generation)) this.options.onPhase({ kind: 'downloading', loadedBytes });
    });
    if (this.stale(generation)) return;
    this.options.onPhase({ kind: 'booting' });
    await ready;
    if (this.stale(generation)) return;
    const state = await machine.saveState();
    // A lab that cannot keep its state still runs; it only boots cold again next time.
    await this.options.cache.put(labStateKey, state).catch(() => undefined);
  }

  private async setUp(machine: LabMachine, spec: LabSpec, generation: number) {
    this.options.onPhase({ kind: 'setting-up' });
    // A lab's services start before its prompt appears, and Python starts slowly in the guest: each adds its time.
    const timeoutMs = setupTimeoutMs(spec, this.options.setupTimeoutMs ?? 30_000);
    const first = await provisionLab(machine, spec, { timeoutMs }).catch((error: unknown) => {
      throw new LabMachineError('setup', error instanceof Error ? error.message : String(error));
    });
    if (this.stale(generation)) return;
    this.stopOutput = machine.onOutput(this.options.onOutput);
    if (first) this.options.onOutput(first);
    this.options.onPhase({ kind: 'running' });
  }

  private fail(error: unknown) {
    const reason = error instanceof LabMachineError ? error.reason : 'other';
    const message = error instanceof Error ? error.message : String(error);
    this.disconnect();
    this.stopMachine();
    this.options.onPhase({ kind: 'failed', reason, message });
  }

  private stale(generation: number) {
    return generation !== this.generation;
  }

  private disconnect() {
    this.stopOutput?.();
    this.stopOutput = null;
  }

  private stopMachine() {
    this.machine?.stop();
    this.machine = null;
  }
}
