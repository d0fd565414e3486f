import { controlGuest, type TerminalSize } from '../control.ts';
import { labReadyMarker } from '../protocol.ts';
import { endsWithPrompt, provisionLab, terminalControlSequences } from '../provision-lab.ts';
import type { LabSpec } from '../lab-spec.ts';
import { loadLabImage } from './lab-image.ts';
import { NodeLabMachine } from './node-lab-machine.ts';

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
  static async boot(timeoutMs: number): Promise<{ runner: LabRunner; bootMs: number; instructions: number }> {
    const runner = new LabRunner(new NodeLabMachine(await loadLabImage()));
    const started = performance.now();
    await runner.machine.boot({ kind: 'image' });
    let executed = 0;
    const stopCounting = runner.machine.onActivity((sample) => (executed = sample.executed));
    await runner.waitFor(() => runner.output.includes(labReadyMarker), timeoutMs, 'the guest ready point');
    const bootMs = performance.now() - started;
    stopCounting();
    runner.readyState = await runner.machine.saveState();
    return { runner, bootMs, instructions: executed };
  }

  /** Back to the ready point: the guest forgets the previous lab. */
  async reset(): Promise<void> {
    if (!this.readyState) throw new Error('Lab machine: no saved state');
    this.output = '';
    await this.machine.restoreState(this.readyState);
  }

  /** Sets the guest up as `spec` says and waits for the learner's shell prompt. */
  async provision(spec: LabSpec, timeoutMs = 60_000): Promise<void> {
    const session = await provisionLab(this.machine, spec, { timeoutMs });
    if (!endsWithPrompt(session))
      throw new Error(`Lab machine: no shell prompt after the setup, only ${JSON.stringify(session)}`);
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
   * echoed as `__END_<n>""__` and printed as `__END_<n>__`, so only the printed one ends the read.
   */
  async run(command: string, timeoutMs = 30_000): Promise<string> {
    const id = ++this.counter;
    const marker = `__END_${id}__`;
    const from = this.output.length;
    this.machine.send(`${command}; echo __END_${id}""__\n`);
    await this.waitFor(() => this.output.indexOf(marker, from) !== -1, timeoutMs, `the output of ${command}`);
    const end = this.output.indexOf(marker, from);
    // The next prompt follows the marker; waiting for it keeps it out of the next command's output.
    await this.waitFor(() => endsWithPrompt(this.output.slice(end)), timeoutMs, `the prompt after ${command}`);
    const raw = this.output.slice(from, end).replace(/\r/g, '').replace(terminalControlSequences, '');
    const firstNewline = raw.indexOf('\n'); // the echoed command line
    return firstNewline === -1 ? '' : raw.slice(firstNewline + 1);
  }

  async destroy(): Promise<void> {
    await this.machine.destroy();
  }

  private waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(`Lab machine: no ${what} within ${timeoutMs} ms. Serial output:\n${this.output.slice(-2000)}`),
        );
      }, timeoutMs);
      const check = () => {
        if (done()) {
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
