import {
  endsWithPrompt,
  labReadyMarker,
  provisionLab,
  terminalControlSequences,
  type LabSpec,
  type SerialLink,
} from '@bastion/labs';
import { V86 } from 'v86';
import { labKernelCmdline, loadLabImage, v86WasmPath } from './lab-image.js';

/** Guest RAM: above the 64 MB mark where v86 places the initrd, plus room for the unpacked initramfs. */
export const labMemoryBytes = 160 * 1024 * 1024;

/**
 * The committed lab image running in v86 inside Node: no network adapter, serial console only. A machine boots
 * once to the guest's ready point; `saveState` keeps that point, and `provision` turns the guest into one lab.
 * `reset` goes back to the saved point, in a fraction of a second, for the next lab.
 */
export class LabMachine {
  private output = '';
  private waiters: (() => void)[] = [];
  private listeners = new Set<(text: string) => void>();
  private counter = 0;
  private readyState: ArrayBuffer | null = null;

  private constructor(private readonly emulator: V86) {
    const decoder = new TextDecoder();
    emulator.add_listener('serial0-output-byte', (byte: number) => {
      const text = decoder.decode(new Uint8Array([byte]), { stream: true });
      if (!text) return;
      this.output += text;
      for (const listener of this.listeners) listener(text);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Boots the image cold and waits for the guest's ready point; the state there is kept for `reset`. */
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
    await machine.waitFor(() => machine.output.includes(labReadyMarker), timeoutMs, 'the guest ready point');
    const bootMs = performance.now() - started;
    machine.readyState = await emulator.save_state();
    return { machine, bootMs };
  }

  /** Everything the serial console printed since the last reset (for failure messages). */
  get transcript(): string {
    return this.output;
  }

  /** The guest memory and devices at the ready point. */
  get savedState(): ArrayBuffer {
    if (!this.readyState) throw new Error('Lab machine: no saved state');
    return this.readyState;
  }

  /** Back to the ready point: the guest forgets the previous lab. */
  async reset(): Promise<void> {
    await this.emulator.stop();
    await this.emulator.restore_state(this.savedState);
    this.output = '';
    await this.emulator.run();
  }

  /** Sets the guest up as `spec` says and waits for the learner's shell prompt. */
  async provision(spec: LabSpec, timeoutMs = 60_000): Promise<void> {
    const session = await provisionLab(this.link(), spec, { timeoutMs });
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
    this.emulator.serial0_send(`${command}; echo __END_${id}""__\n`);
    await this.waitFor(() => this.output.indexOf(marker, from) !== -1, timeoutMs, `the output of ${command}`);
    const end = this.output.indexOf(marker, from);
    // The next prompt follows the marker; waiting for it keeps it out of the next command's output.
    await this.waitFor(() => endsWithPrompt(this.output.slice(end)), timeoutMs, `the prompt after ${command}`);
    const raw = this.output.slice(from, end).replace(/\r/g, '').replace(terminalControlSequences, '');
    const firstNewline = raw.indexOf('\n'); // the echoed command line
    return firstNewline === -1 ? '' : raw.slice(firstNewline + 1);
  }

  async destroy(): Promise<void> {
    await this.emulator.destroy();
  }

  private link(): SerialLink {
    return {
      send: (text) => this.emulator.serial0_send(text),
      onOutput: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
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
