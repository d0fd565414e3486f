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

  /** Boots the image cold and waits for the guest's ready point; the state there is kept for `reset`. */
  static async boot(timeoutMs: number): Promise<{ runner: LabRunner; bootMs: number }> {
    const runner = new LabRunner(new NodeLabMachine(await loadLabImage()));
    const started = performance.now();
    await runner.machine.boot({ kind: 'image' });
    await runner.waitFor(() => runner.output.includes(labReadyMarker), timeoutMs, 'the guest ready point');
    const bootMs = performance.now() - started;
    runner.readyState = await runner.machine.saveState();
    return { runner, bootMs };
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
