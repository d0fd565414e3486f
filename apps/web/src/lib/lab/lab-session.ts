// docs/labs.md, "Starting and restoring" (a saved state per lab, a shipped ready state) and "Waiting, and the
// terminal" (no wait on the guest has a deadline).
import {
  bootProgress,
  controlGuest,
  endsWithPrompt,
  labReadyMarker,
  LabStalledError,
  provisionLab,
  restoredStallAfterMs,
  setupBegun,
  waitForMarker,
  type BootProgress,
  type ControlCommand,
  type CreateLabMachine,
  type LabMachine,
  type LabSetup,
  type SetupProgress,
  type TerminalSize,
} from '@bastion/labs';
import { GuestSize, HeldInput } from './guest-input.ts';
import { LabMachineError, type LabFailure } from './lab-machine-error.ts';
import { labImageBytes, labStateKeyOf, readyStateKey, sha256Hex } from './lab-size.ts';
import { saveAgainOnceSettled } from './settled-save.ts';
import type { ShippedReadyState } from './shipped-ready-state.ts';
import type { SavedMachine, StateCache } from './state-cache.ts';

/** Where a lab is, for the screen. */
export type LabPhase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'downloading'; loadedBytes: number; totalBytes: number }
  | { kind: 'booting'; progress: BootProgress }
  | { kind: 'restoring' }
  | { kind: 'setting-up'; progress: SetupProgress }
  | { kind: 'running' }
  | { kind: 'failed'; reason: LabFailure; message: string };

export interface LabSessionOptions {
  createMachine: CreateLabMachine;
  cache: StateCache;
  onPhase(phase: LabPhase): void;
  /** The learner's terminal: what the guest prints once the lab is set up. */
  onOutput(text: string): void;
  /** The terminal's grid, once it is in the page and measured: the guest's tty gets it before the learner types. */
  terminalSize(): Promise<TerminalSize>;
  /** Names a lab's saved state (SHA-256 by default); null saves no state per lab. */
  digest?(text: string): Promise<string | null>;
  /** The ready state the site ships: a first start downloads and restores it rather than booting Linux. */
  shippedReadyState?: ShippedReadyState | null;
  /** Image files the learner's commands will read (`toolFiles`): fetched in the background once the prompt shows. */
  prefetch?: readonly string[];
}

/** A User Timing measure for each restore of a lab's own state, from the state's load to the guest's answer. */
export const labRestoreMeasure = 'bastion:lab-restore';

/**
 * One lab on the page. A lab set up before starts from its own saved state: the guest as it was at the learner's
 * first prompt, services up, restored and given the terminal's size (and the clock) over the control port. A lab not
 * saved yet starts from the guest's ready point (the state the site ships, downloaded once and kept; a cold boot of
 * the image where it cannot be had), is set up for its spec, and is saved at its first prompt. Reset does the same on
 * the running machine. No wait has a deadline: the host waits as long as the guest works, and fails only on the
 * guest's own failure or on a guest that stays idle (progress-watch.ts); a lab state that stalls twice is dropped and
 * the lab set up again.
 */
export class LabSession {
  private machine: LabMachine | null = null;
  /** Whether `machine` runs (it booted); a fresh one boots from a state where a running one restores it. */
  private booted = false;
  private stopOutput: (() => void) | null = null;
  private generation = 0;
  /** States on their way into the cache: a reset right after a start waits for the lab's own. */
  private saving: Promise<void> = Promise.resolve();
  private readonly input = new HeldInput((text) => this.machine?.send(text));
  private readonly size = new GuestSize(this.input, () => this.machine);
  /** What the learner has typed: a lab untouched since its first prompt may be saved again (settled-save.ts). */
  private typed = 0;
  /** The shipped ready state could not be had or did not run here: the ready point comes from a cold boot. */
  private shippedFailed = false;
  private prefetchedBy: LabMachine | null = null;

  constructor(private readonly options: LabSessionOptions) {}

  /**
   * `setup` may still be on its way (a challenge fetches its files): the machine's worker starts meanwhile. The
   * terminal's size is asked only when the guest needs it.
   */
  async start(setup: LabSetup | Promise<LabSetup>): Promise<void> {
    const generation = ++this.generation;
    this.disconnect();
    try {
      const machine = await (this.machine ?? this.options.createMachine());
      if (this.stale(generation)) {
        // Stopped (or started again) meanwhile: a machine created for this start has no one to run for.
        if (machine !== this.machine) machine.stop();
        return;
      }
      if (machine !== this.machine) {
        this.machine = machine;
        this.booted = false;
      }
      // The worker prepares the emulator meanwhile; a setup that cannot be had fails the start (and stops it).
      const spec = await setup;
      if (this.stale(generation)) return;
      await this.bringUp(machine, spec, generation);
    } catch (error) {
      if (this.stale(generation)) return;
      this.fail(error);
    }
  }

  /** Back to the lab's first moment: its saved state again, or the ready state and its setup. */
  async reset(setup: LabSetup): Promise<void> {
    const generation = ++this.generation;
    this.disconnect();
    const machine = this.machine;
    if (!machine || !this.booted) {
      this.stopMachine();
      return this.start(setup);
    }
    try {
      await this.bringUp(machine, setup, generation);
    } catch (error) {
      if (this.stale(generation)) return;
      this.fail(error);
    }
  }

  /** The learner's keystrokes and pastes: only to a lab that runs, never into its setup. */
  send(text: string): void {
    if (!this.stopOutput) return;
    this.typed++;
    this.input.send(text);
  }

  /**
   * The terminal's grid changed: the guest's tty follows once the pane has settled (or once the lab runs). What the
   * learner types from now on waits for the guest to have the size, so the next command runs at it.
   */
  resize(size: TerminalSize): void {
    this.size.change(size, this.stopOutput !== null);
  }

  stop(): void {
    this.generation++;
    this.disconnect();
    this.stopMachine();
  }

  private async bringUp(machine: LabMachine, setup: LabSetup, generation: number) {
    const labKey = await labStateKeyOf(setup, this.options.digest ?? sha256Hex);
    await this.saving;
    if (labKey && (await this.restoreLabOrForget(machine, setup, labKey, generation))) return;
    if (this.stale(generation)) return;
    const { ready, restored } = await this.fromReadyPoint(machine, generation);
    if (this.stale(generation)) return;
    try {
      await this.setUp(ready, setup, labKey, generation);
    } catch (error) {
      // A ready state whose guest does nothing: the next try boots cold.
      if (error instanceof LabStalledError && restored) {
        this.shippedFailed = true;
        await this.options.cache.delete(readyStateKey).catch(() => {});
      }
      throw error;
    }
  }

  /**
   * Restores the lab's own state, if it has one; false when it has none, or when the guest it restores into does
   * nothing twice in a row (the state is forgotten then, and the lab set up again). Once in about a hundred restores on
   * a busy machine a guest sat idle with its question unanswered although the same state answered before and after:
   * one more restore costs half a second, a setup several, and a lab set up again is not the lab the learner saved.
   */
  private async restoreLabOrForget(machine: LabMachine, setup: LabSetup, labKey: string, generation: number) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      // The state is read again for a second try: the machine took the first copy.
      const saved = await this.options.cache.get(labKey);
      if (!saved || this.stale(generation)) return false;
      try {
        await this.restoreLab(machine, setup, saved, generation);
        return true;
      } catch (error) {
        if (!(error instanceof LabStalledError)) throw error;
        const next = attempt === 1 ? 'restoring it once more' : 'setting the lab up again';
        console.warn(`The lab's saved state did not answer once restored; ${next}. ${error.message}`);
      }
    }
    // A state that restores into a guest doing nothing: forget it.
    await this.options.cache.delete(labKey).catch(() => undefined);
    return false;
  }

  /** A lab's own state: the guest at its first prompt, told the terminal's size and the time. */
  private async restoreLab(machine: LabMachine, setup: LabSetup, saved: SavedMachine, generation: number) {
    this.options.onPhase({ kind: 'restoring' });
    const started = performance.now();
    const running = this.booted;
    await this.load(machine, saved.state);
    const size = await this.options.terminalSize();
    if (this.stale(generation)) return;
    const commands: ControlCommand[] = [{ kind: 'size', size }];
    // A lab with a clock of its own keeps the time it was set up with; any other gets the learner's.
    if (setup.clock === undefined) commands.push({ kind: 'clock', epochSeconds: Date.now() / 1000 });
    await controlGuest(machine, commands, { watch: true, stallAfterMs: restoredStallAfterMs });
    if (this.stale(generation)) return;
    this.size.has(size);
    this.connect(machine, saved.session);
    // The floor of a start (bench/lab-start.ts reads it): a lab's own state restored and its guest answering.
    performance.measure(labRestoreMeasure, { start: started, detail: { emulatorRunning: running } });
  }

  /**
   * The guest at its ready point: the saved ready state, the shipped one (kept once downloaded), or a cold boot that
   * saves it. Returns the machine it is on (a new one when the running machine has no ready state to go back to, or
   * the shipped state failed in it) and whether it was restored.
   */
  private async fromReadyPoint(
    machine: LabMachine,
    generation: number,
  ): Promise<{ ready: LabMachine; restored: boolean }> {
    const saved = await this.options.cache.get(readyStateKey);
    if (this.stale(generation)) return { ready: machine, restored: false };
    if (saved) {
      this.options.onPhase({ kind: 'restoring' });
      await this.load(machine, saved.state);
      return { ready: machine, restored: true };
    }
    if (await this.fromShippedState(machine, generation)) return { ready: machine, restored: true };
    if (this.stale(generation)) return { ready: machine, restored: false };
    if (this.machine === machine && !this.booted) {
      await this.bootCold(machine, generation);
      return { ready: machine, restored: false };
    }
    // A running machine and no ready state to restore (it could not be stored), or a machine the shipped state
    // failed in: a fresh machine from the image.
    this.stopMachine();
    const fresh = await this.options.createMachine();
    if (this.stale(generation)) {
      fresh.stop();
      return { ready: fresh, restored: false };
    }
    this.machine = fresh;
    await this.bootCold(fresh, generation);
    return { ready: fresh, restored: false };
  }

  /**
   * Downloads the shipped ready state and starts the machine from it; false when there is none, its download fails,
   * or the machine does not take it (the machine is stopped then, and a new one boots cold).
   */
  private async fromShippedState(machine: LabMachine, generation: number): Promise<boolean> {
    const shipped = this.options.shippedReadyState;
    if (!shipped || this.shippedFailed) return false;
    const totalBytes = shipped.bytes;
    this.options.onPhase({ kind: 'downloading', loadedBytes: 0, totalBytes });
    let state: ArrayBuffer;
    try {
      state = await shipped.fetch((loadedBytes) => {
        if (!this.stale(generation)) this.options.onPhase({ kind: 'downloading', loadedBytes, totalBytes });
      });
    } catch {
      this.shippedFailed = true;
      return false;
    }
    if (this.stale(generation)) return false;
    this.options.onPhase({ kind: 'restoring' });
    try {
      // The machine takes its own copy: the cache keeps this one.
      await this.load(machine, state.slice(0));
    } catch {
      this.shippedFailed = true;
      this.stopMachine();
      return false;
    }
    this.store(readyStateKey, { state, session: '' });
    return true;
  }

  private async load(machine: LabMachine, state: ArrayBuffer) {
    if (this.booted) return machine.restoreState(state);
    await machine.boot({ kind: 'state', state });
    this.booted = true;
  }

  /** Downloads and boots the image, showing the boot's progress against the measured one (boot-progress.ts). */
  private async bootCold(machine: LabMachine, generation: number) {
    this.options.onPhase({ kind: 'downloading', loadedBytes: 0, totalBytes: labImageBytes });
    const ready = waitForMarker(machine, labReadyMarker);
    ready.catch(() => undefined);
    await machine.boot({ kind: 'image' }, (loadedBytes) => {
      if (!this.stale(generation))
        this.options.onPhase({ kind: 'downloading', loadedBytes, totalBytes: labImageBytes });
    });
    this.booted = true;
    if (this.stale(generation)) return;
    const started = performance.now();
    this.options.onPhase({ kind: 'booting', progress: bootProgress(0, 0) });
    const stopProgress = machine.onActivity((sample) => {
      if (!this.stale(generation)) {
        this.options.onPhase({ kind: 'booting', progress: bootProgress(sample.executed, performance.now() - started) });
      }
    });
    try {
      await ready;
    } finally {
      stopProgress();
    }
    if (this.stale(generation)) return;
    const state = await machine.saveState().catch(() => null);
    // A lab that cannot keep its state still runs; it only boots cold again next time.
    if (state) this.store(readyStateKey, { state, session: '' });
  }

  /** The setup for `setup`, at the terminal's size; the guest is saved at the learner's first prompt. */
  private async setUp(machine: LabMachine, setup: LabSetup, labKey: string | null, generation: number) {
    this.options.onPhase({ kind: 'setting-up', progress: setupBegun });
    const size = await this.options.terminalSize();
    if (this.stale(generation)) return;
    const onStage = (progress: SetupProgress) => {
      if (!this.stale(generation)) this.options.onPhase({ kind: 'setting-up', progress });
    };
    const session = await provisionLab(machine, { ...setup, ...size }, { now: new Date(), onStage }).catch(
      (error: unknown) => {
        if (error instanceof LabStalledError || error instanceof LabMachineError) throw error;
        throw new LabMachineError('setup', error instanceof Error ? error.message : String(error));
      },
    );
    if (this.stale(generation)) return;
    this.size.has(size);
    if (!labKey || !endsWithPrompt(session)) return this.connect(machine, session);
    // The shell waits for the learner's first keystroke: the quiet point a lab's own state is saved at (the machine
    // also waits for any read of the root filesystem in flight). The learner sees the prompt at once; what they type
    // meanwhile reaches the guest once it is saved, and a reset waits for the state.
    const keep = (state: Promise<ArrayBuffer | null>, printedSince = '') =>
      this.store(
        labKey,
        state.then((saved) => saved && { state: saved, session: session + printedSince }),
      );
    const release = this.input.hold();
    this.connect(machine, session);
    const saving = machine.saveState().catch(() => null);
    keep(saving);
    await saving;
    release();
    const { typed } = this;
    const untouched = () => !this.stale(generation) && this.typed === typed;
    void saveAgainOnceSettled(machine, this.input, untouched, keep);
  }

  /** Stores a state in the background; a reset waits for it. A state that cannot be had or stored is not kept. */
  private store(key: string, saved: SavedMachine | Promise<SavedMachine | null>): Promise<void> {
    return (this.saving = this.saving
      .then(async () => {
        const state = await saved;
        if (state) await this.options.cache.put(key, state);
      })
      .catch(() => undefined));
  }

  private connect(machine: LabMachine, session: string) {
    this.stopOutput = machine.onOutput(this.options.onOutput);
    if (session) this.options.onOutput(session);
    this.options.onPhase({ kind: 'running' });
    // The pane changed while the lab started.
    this.size.tell();
    // Once per machine, while the learner reads the question: the files of the tools they are about to run.
    if (this.prefetchedBy !== machine && this.options.prefetch?.length) machine.prefetch?.(this.options.prefetch);
    this.prefetchedBy = machine;
  }

  private fail(error: unknown) {
    let reason: LabFailure = error instanceof LabMachineError ? error.reason : 'other';
    if (error instanceof LabStalledError) reason = 'stalled';
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
    this.input.clear();
    this.size.stop();
  }

  private stopMachine() {
    this.machine?.stop();
    this.machine = null;
    this.booted = false;
  }
}
