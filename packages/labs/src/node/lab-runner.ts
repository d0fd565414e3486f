import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlGuest, type TerminalSize } from '../control.ts';
import { stallAfterMs, watchForStall } from '../progress-watch.ts';
import { labReadyMarker } from '../protocol.ts';
import { endsWithPrompt, provisionLab, terminalControlSequences } from '../provision-lab.ts';
import { labKernelCmdline } from '../lab-machine.ts';
import type { LabSpec } from '../lab-spec.ts';
import { loadLabImage } from './lab-image.ts';
import { NodeLabMachine } from './node-lab-machine.ts';
import { currentReadyStateOwner, readShippedReadyState } from './shipped-ready-state.ts';

/** Where the ready state of a cold boot is kept for the next runner (the repository's own cache folder). */
const readyStateDir = fileURLToPath(new URL('../../../../node_modules/.cache/bastion-labs/', import.meta.url));

/** How the runner types a command: its end marker is echoed with quotes and printed without (see `run`). */
export const typedCommand = (command: string, id: number): string => `${command}; echo __END_${id}""__\n`;

/** The name of a cold boot's ready state: the machine it restores into (emulator, devices and image). */
async function coldBootStateName(): Promise<string> {
  const owner = JSON.stringify({ ...(await currentReadyStateOwner()), cmdline: labKernelCmdline });
  return `ready-${createHash('sha256').update(owner).digest('hex')}.state`;
}

/** A wait on the guest that ended without what it waited for; `reason` says why in a few words. */
export class LabWaitError extends Error {
  constructor(
    readonly reason: string,
    what: string,
    output: string,
  ) {
    super(`Lab machine: no ${what}: ${reason}. Serial output:\n${output.slice(-2000)}`);
    this.name = 'LabWaitError';
  }
}

/**
 * Labs one after another on one machine in Node, driven by a program rather than a learner. It boots once to the
 * guest's ready point and keeps that state; `provision` turns the guest into one lab and `run` types a command and
 * returns what it printed; `reset` goes back to the ready point, in a fraction of a second, for the next lab.
 */
export class LabRunner {
  private output = '';
  private waiters: (() => void)[] = [];
  private counter = 0;
  private readyState: ArrayBuffer | null = null;
  /** Where the ready point came from: the shipped state, this machine's cache of a cold boot, or a cold boot. */
  readyFrom: 'shipped' | 'cache' | 'boot' = 'boot';

  private constructor(private readonly machine: NodeLabMachine) {
    machine.onOutput((text) => {
      this.output += text;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /**
   * Boots the image cold and waits for the guest's ready point; the state there is kept for `reset`. `instructions`
   * is what the guest ran from the emulator's start to that point (boot-progress.ts measures the boot with it).
   */
  static async boot(timeoutMs?: number): Promise<{ runner: LabRunner; bootMs: number; instructions: number }> {
    const runner = new LabRunner(new NodeLabMachine(await loadLabImage()));
    const started = performance.now();
    await runner.machine.boot({ kind: 'image' });
    let executed = 0;
    const stopCounting = runner.machine.onActivity((sample) => (executed = sample.executed));
    await runner.waitFor(() => runner.output.includes(labReadyMarker), 'the guest ready point', timeoutMs);
    const bootMs = performance.now() - started;
    stopCounting();
    runner.readyState = await runner.machine.saveState();
    return { runner, bootMs, instructions: executed };
  }

  /**
   * A runner at the guest's ready point: restored from the shipped ready state (shipped-ready-state.ts), or the
   * state an earlier cold boot of the same image, emulator and lab code saved (a second, where a cold boot takes 15
   * to 60), else booted cold, saving that state.
   */
  static async ready(): Promise<LabRunner> {
    const shipped = await readShippedReadyState();
    if (shipped) {
      const runner = new LabRunner(new NodeLabMachine(await loadLabImage()));
      await runner.machine.boot({ kind: 'state', state: shipped });
      // Saved again as it runs, so that each reset restores it without decompressing it first.
      runner.readyState = await runner.machine.saveState();
      runner.readyFrom = 'shipped';
      return runner;
    }
    const file = path.join(readyStateDir, await coldBootStateName());
    const saved = await readFile(file).catch(() => null);
    if (!saved) {
      const { runner } = await LabRunner.boot();
      await mkdir(readyStateDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, new Uint8Array(runner.readyState!));
      await rename(temporary, file);
      return runner;
    }
    const runner = new LabRunner(new NodeLabMachine(await loadLabImage()));
    const state = saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer;
    await runner.machine.boot({ kind: 'state', state: state.slice(0) });
    runner.readyState = state;
    runner.readyFrom = 'cache';
    return runner;
  }

  /** Back to the ready point: the guest forgets the previous lab. */
  async reset(): Promise<void> {
    if (!this.readyState) throw new Error('Lab machine: no saved state');
    this.output = '';
    await this.machine.restoreState(this.readyState);
  }

  /**
   * Sets the guest up as `spec` says and waits for the learner's shell prompt: as long as the guest works, unless a
   * deadline is given.
   */
  async provision(spec: LabSpec, timeoutMs?: number): Promise<void> {
    await provisionLab(this.machine, spec, { timeoutMs });
    // On a starved host the guest can look idle before its shell prints the prompt, which ends provisionLab's wait
    // for it early: the prompt still comes, so it is waited for as long as the guest works.
    await this.waitFor(() => endsWithPrompt(this.output), 'shell prompt after the setup', timeoutMs);
  }

  /**
   * Gives the learner's terminal a new size over the control port, as the browser does when its pane changes;
   * resolves once the guest's tty has it (the program in the foreground gets SIGWINCH).
   */
  async resize(size: TerminalSize): Promise<void> {
    await controlGuest(this.machine, [{ kind: 'size', size }], { watch: true });
  }

  /** The machine itself, for what a runner does not wrap (saving and restoring a lab's own state). */
  get labMachine(): NodeLabMachine {
    return this.machine;
  }

  /**
   * Sends one command line and returns its output without the echoed input or the next prompt. The end marker is
   * echoed as `__END_<n>""__` and printed as `__END_<n>__`, so only the printed one ends the read. The read fails
   * once the guest has done nothing for the stall time (the command waits for input), or at a deadline if given.
   */
  async run(command: string, timeoutMs?: number): Promise<string> {
    const id = ++this.counter;
    const marker = `__END_${id}__`;
    const from = this.output.length;
    this.machine.send(typedCommand(command, id));
    await this.waitFor(() => this.output.indexOf(marker, from) !== -1, `the output of ${command}`, timeoutMs);
    const end = this.output.indexOf(marker, from);
    // The next prompt follows the marker; waiting for it keeps it out of the next command's output.
    await this.waitFor(() => endsWithPrompt(this.output.slice(end)), `the prompt after ${command}`, timeoutMs);
    const raw = this.output.slice(from, end).replace(/\r/g, '').replace(terminalControlSequences, '');
    const firstNewline = raw.indexOf('\n'); // the echoed command line
    return firstNewline === -1 ? '' : raw.slice(firstNewline + 1);
  }

  async destroy(): Promise<void> {
    await this.machine.destroy();
  }

  /** Waits until `done()`: fails once the guest idles for the stall time, or at `timeoutMs` if given. */
  private waitFor(done: () => boolean, what: string, timeoutMs?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        stopWatch();
        clearTimeout(timer);
        reject(new LabWaitError(why, what, this.output));
      };
      const stopWatch = watchForStall(this.machine, () =>
        fail(`the guest sat idle for ${stallAfterMs / 1000} s, waiting for input`),
      );
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => fail(`still busy after ${timeoutMs / 1000} s`), timeoutMs);
      const check = () => {
        if (settled) return;
        if (done()) {
          settled = true;
          stopWatch();
          clearTimeout(timer);
          resolve();
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }
}
