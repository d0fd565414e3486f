import { V86 } from 'v86';
import { labKernelCmdline, loadLabImage, v86WasmPath } from '../src/labs/lab-image.js';

/** Guest RAM: above the 64 MB mark where v86 places the initrd, plus room for the unpacked initramfs. */
export const labMemoryBytes = 160 * 1024 * 1024;

/** Terminal control sequences bash's readline writes around a command (bracketed paste on and off). */
// eslint-disable-next-line no-control-regex
const controlSequences = /\x1b\[[0-9;?]*[A-Za-z]/g;

const promptPattern = /learner@bastion-lab:[^\n]*\$ $/;

/**
 * The committed lab image running in v86 inside Node: no network adapter, serial console only.
 * `run` types a command into the shell and resolves with what it printed.
 */
export class LabMachine {
  private output = '';
  private waiters: (() => void)[] = [];
  private counter = 0;

  private constructor(private readonly emulator: V86) {
    emulator.add_listener('serial0-output-byte', (byte: number) => {
      this.output += String.fromCharCode(byte);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async boot(timeoutMs: number): Promise<{ machine: LabMachine; bootMs: number }> {
    const image = await loadLabImage();
    const started = performance.now();
    const emulator = new V86({
      wasm_path: v86WasmPath,
      bios: { buffer: image.bios },
      bzimage: { buffer: image.kernel },
      initrd: { buffer: image.initrd },
      cmdline: labKernelCmdline,
      memory_size: labMemoryBytes,
      vga_memory_size: 2 * 1024 * 1024,
      autostart: true,
      disable_keyboard: true,
      disable_mouse: true,
      disable_speaker: true,
    });
    const machine = new LabMachine(emulator);
    await machine.waitFor(() => promptPattern.test(machine.output), timeoutMs, 'the shell prompt');
    return { machine, bootMs: performance.now() - started };
  }

  /** Everything the serial console printed so far (for failure messages). */
  get transcript(): string {
    return this.output;
  }

  /**
   * Sends one command line and returns its output without the echoed input or the next prompt. The end marker is
   * echoed as `__END_<n>""__` and printed as `__END_<n>__`, so only the printed one ends the read.
   */
  async run(command: string, timeoutMs = 30_000): Promise<string> {
    const id = ++this.counter;
    const marker = `__END_${id}__`;
    const from = this.output.length;
    this.emulator.serial0_send(`${command}; echo __END_${id}""__\n`);
    await this.waitFor(() => this.output.indexOf(marker, from) !== -1, timeoutMs, `the output of ${command}`);
    const end = this.output.indexOf(marker, from);
    // The next prompt follows the marker; waiting for it keeps it out of the next command's output.
    await this.waitFor(() => promptPattern.test(this.output.slice(end)), timeoutMs, `the prompt after ${command}`);
    const raw = this.output.slice(from, end).replace(/\r/g, '').replace(controlSequences, '');
    const firstNewline = raw.indexOf('\n'); // the echoed command line
    return firstNewline === -1 ? '' : raw.slice(firstNewline + 1);
  }

  async destroy(): Promise<void> {
    await this.emulator.destroy();
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
