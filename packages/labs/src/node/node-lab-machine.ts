import { V86 } from 'v86';
import { labEmulatorOptions, type BootSource, type LabImage, type LabMachine } from '../lab-machine.ts';
import { loadLabImage, v86WasmPath } from './lab-image.ts';

/** How long v86 may take to load its core and start running. */
const startTimeoutMs = 60_000;

/**
 * The committed lab image in v86 inside Node: no network adapter, serial console only. The same machine the
 * learner's browser runs in a Web Worker, for `content validate`'s replay (see LabRunner) and the benches.
 */
export class NodeLabMachine implements LabMachine {
  private emulator: V86 | null = null;
  private readonly listeners = new Set<(text: string) => void>();

  /** `image`: the image's files, when the caller has read them already; otherwise each boot reads them. */
  constructor(private readonly image?: LabImage) {}

  async boot(source: BootSource): Promise<void> {
    const image = this.image ?? (await loadLabImage());
    const files = source.kind === 'image' ? image : { bios: image.bios, rootfsFiles: image.rootfsFiles };
    const emulator = new V86({ wasm_path: v86WasmPath, ...labEmulatorOptions(files, source) });
    this.emulator = emulator;
    const decoder = new TextDecoder();
    emulator.add_listener('serial0-output-byte', (byte: number) => {
      const text = decoder.decode(new Uint8Array([byte]), { stream: true });
      if (text) for (const listener of this.listeners) listener(text);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Lab machine: the emulator did not start.')), startTimeoutMs);
      emulator.add_listener('emulator-started', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  send(text: string): void {
    this.running().serial0_send(text);
  }

  onOutput(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  saveState(): Promise<ArrayBuffer> {
    return this.running().save_state();
  }

  async restoreState(state: ArrayBuffer): Promise<void> {
    const emulator = this.running();
    await emulator.stop();
    await emulator.restore_state(state);
    await emulator.run();
  }

  stop(): void {
    void this.destroy();
  }

  /** Stops the emulator and frees its memory; resolves once it is gone. */
  async destroy(): Promise<void> {
    const emulator = this.emulator;
    this.emulator = null;
    this.listeners.clear();
    await emulator?.destroy();
  }

  private running(): V86 {
    if (!this.emulator) throw new Error('Lab machine: not running');
    return this.emulator;
  }
}
