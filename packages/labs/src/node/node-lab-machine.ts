import v8 from 'node:v8';
import { V86 } from 'v86';
import { EmulatorActivity } from '../emulator-activity.ts';
import { labEmulatorOptions, type BootSource, type LabImage, type LabMachine } from '../lab-machine.ts';
import type { MachineActivity } from '../progress-watch.ts';
import { controlPort } from '../protocol.ts';
import { prepareEmulator, putRootFile, removeRootFile, restoreEmulator, whenStarted } from '../emulator-core.ts';
import { prefetchRootFiles, watchRootFileReads } from '../root-files.ts';
import { loadLabImage, v86WasmPath } from './lab-image.ts';

// v86 translates the guest's code into many small WebAssembly modules as it runs. V8 compiles each with its baseline
// compiler (Liftoff) and, by default, again with its optimising one: on a 2-core machine that second compile took
// twice the CPU of the emulation itself, and a replay ran faster without it (decision 0177). The flag holds for the
// whole process, whose only WebAssembly is the lab's.
v8.setFlagsFromString('--liftoff-only');

/**
 * The committed lab image in v86 inside Node: no network adapter, a serial console and the control port. The same
 * machine the learner's browser runs in a Web Worker, for `content validate`'s replay (see LabRunner) and the
 * benches.
 */
export class NodeLabMachine implements LabMachine {
  private emulator: V86 | null = null;
  private activity: EmulatorActivity | null = null;
  private readonly listeners = new Set<(text: string) => void>();
  private readonly controlListeners = new Set<(text: string) => void>();
  private readonly activityListeners = new Set<(sample: MachineActivity) => void>();

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
    emulator.add_listener('serial1-output-byte', (byte: number) => {
      const text = String.fromCharCode(byte);
      for (const listener of this.controlListeners) listener(text);
    });
    // No deadline: v86 either starts or throws.
    await whenStarted(emulator);
    prepareEmulator(emulator);
    this.activity = new EmulatorActivity(emulator, (sample) => {
      for (const listener of this.activityListeners) listener(sample);
    });
  }

  send(text: string): void {
    this.running().serial0_send(text);
  }

  onOutput(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  sendControl(text: string): void {
    this.running().serial_send_bytes(controlPort.index, new TextEncoder().encode(text));
  }

  onControlOutput(listener: (text: string) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  onActivity(listener: (sample: MachineActivity) => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  saveState(): Promise<ArrayBuffer> {
    const emulator = this.running();
    return this.activity!.whenQuiet(() => emulator.save_state());
  }

  putFile(name: string, bytes: Uint8Array): Promise<void> {
    return putRootFile(this.running(), name, bytes);
  }

  removeFile(name: string): void {
    if (this.emulator) removeRootFile(this.emulator, name);
  }

  async restoreState(state: ArrayBuffer): Promise<void> {
    await restoreEmulator(this.running(), this.activity!, state);
  }

  /** Resolves with how many of the paths are image files, for a caller that waits for the files. */
  prefetch(paths: readonly string[]): Promise<number> {
    return prefetchRootFiles(this.running(), paths);
  }

  /** Calls `onRead` with each image file the guest reads, and whether it was held already (root-files.ts). */
  watchFileReads(onRead: (sha256sum: string, held: boolean) => void): () => void {
    return watchRootFileReads(this.running(), onRead);
  }

  stop(): void {
    void this.destroy();
  }

  /** Stops the emulator and frees its memory; resolves once it is gone. */
  async destroy(): Promise<void> {
    const emulator = this.emulator;
    this.emulator = null;
    this.activity?.stop();
    this.activity = null;
    this.listeners.clear();
    this.controlListeners.clear();
    this.activityListeners.clear();
    await emulator?.destroy();
  }

  private running(): V86 {
    if (!this.emulator) throw new Error('Lab machine: not running');
    return this.emulator;
  }
}
