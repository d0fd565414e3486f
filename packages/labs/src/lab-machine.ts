import type { V86Options } from 'v86';
import type { ControlLink } from './control.ts';
import type { ActivitySource } from './progress-watch.ts';
import type { SerialLink } from './serial-link.ts';
import type { FileDrop } from './setup-drop.ts';

/** How a lab's machine starts: from the image (a cold boot) or from a state saved at the guest's ready point. */
export type BootSource = { kind: 'image' } | { kind: 'state'; state: ArrayBuffer };

/**
 * A machine running the lab image, as a lab drives it: v86 in a Web Worker for the learner (apps/web
 * lib/lab/worker-machine.ts), v86 inside Node for `content validate`'s replay (`@bastion/labs/node`), or a fake in
 * tests. Its serial console is the link a lab is set up over (`provisionLab`); its second serial port is the
 * control port (protocol.ts, `controlPort`); its activity samples tell a slow guest from a stuck one; a v86 machine
 * takes the setup script as a file in its root filesystem (setup-drop.ts).
 */
export interface LabMachine extends SerialLink, ControlLink, ActivitySource, Partial<FileDrop> {
  /** Starts the machine from the image or from a saved state; `onProgress` counts the image's decoded bytes. */
  boot(source: BootSource, onProgress?: (loadedBytes: number) => void): Promise<void>;
  /** Types text into the serial console. */
  send(text: string): void;
  /** Everything the serial console prints, as text; returns the unsubscribe function. */
  onOutput(listener: (text: string) => void): () => void;
  /**
   * Saves the machine at a moment when no read of the root filesystem waits for its file: a state saved with a
   * read in flight would wait for its answer for ever once restored. Rejects (and saves nothing) if such a read
   * makes no progress for the stall time of progress-watch.ts.
   */
  saveState(): Promise<ArrayBuffer>;
  /** Restores a saved state, once no read of the running guest is in flight (its answer would land in the new one). */
  restoreState(state: ArrayBuffer): Promise<void>;
  /** Fetches the image's files at `paths` in the background, for programs the learner is about to run (root-files.ts). */
  prefetch?(paths: readonly string[]): void;
  stop(): void;
}

export type CreateLabMachine = () => LabMachine | Promise<LabMachine>;

/**
 * Guest RAM. The image itself is not in it (the root filesystem is served over 9p); it holds the kernel, the lab's
 * processes and services, the page cache, and /run, /tmp and the homes.
 */
export const labMemoryBytes = 128 * 1024 * 1024;

const labVgaMemoryBytes = 2 * 1024 * 1024;

/**
 * The machine's devices as a saved state depends on them: a state restores only into a machine with the same memory
 * and serial ports (ready-state.ts).
 */
export const labMachineDescription = `memory ${labMemoryBytes}, vga ${labVgaMemoryBytes}, com2`;

/** The kernel command line the image is built and tested for: serial console, quiet, no watchdog after a restore. */
export const labKernelCmdline = 'console=ttyS0 quiet loglevel=3 tsc=reliable mitigations=off nowatchdog';

/**
 * The image's files as v86 takes them; a machine started from a saved state needs the BIOS and the root
 * filesystem's file store only. The root filesystem is v86's 9p filesystem loaded on demand: `rootfsIndex` names
 * every file (fetched once, at a cold boot), `rootfsFiles` is where each file's zstd bytes are fetched, by content
 * hash, on its first read (a URL in the browser, a folder in Node).
 */
export interface LabImage {
  bios: ArrayBuffer;
  kernel?: ArrayBuffer;
  initrd?: ArrayBuffer;
  rootfsIndex?: string;
  rootfsFiles: string;
}

/**
 * v86's options for the lab image, the same in the browser and in Node (each adds where v86's WebAssembly core
 * comes from): the image or a saved state, the guest's memory, and no keyboard, mouse or speaker, since the lab
 * is its serial console alone.
 */
export function labEmulatorOptions(image: LabImage, source: BootSource): V86Options {
  return {
    bios: { buffer: image.bios },
    ...(image.kernel ? { bzimage: { buffer: image.kernel } } : {}),
    ...(image.initrd ? { initrd: { buffer: image.initrd } } : {}),
    ...(source.kind === 'state' ? { initial_state: { buffer: source.state } } : {}),
    // A saved state carries the filesystem's index and every file read so far; files read later still come from
    // the store.
    filesystem:
      source.kind === 'image' && image.rootfsIndex
        ? { basefs: image.rootfsIndex, baseurl: image.rootfsFiles }
        : { baseurl: image.rootfsFiles },
    cmdline: labKernelCmdline,
    // COM2: the control port (protocol.ts). A state saved without it does not restore into a machine with it.
    uart1: true,
    memory_size: labMemoryBytes,
    vga_memory_size: labVgaMemoryBytes,
    autostart: true,
    disable_keyboard: true,
    disable_mouse: true,
    disable_speaker: true,
  };
}
