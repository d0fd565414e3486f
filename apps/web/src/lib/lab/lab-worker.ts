// docs/labs.md, "The machine": the real lab in the web app runs v86 in this worker; xterm.js renders its terminal.
/// <reference lib="webworker" />
import {
  controlPort,
  EmulatorActivity,
  labEmulatorOptions,
  prefetchRootFiles,
  prepareEmulator,
  putRootFile,
  removeRootFile,
  restoreEmulator,
  whenStarted,
} from '@bastion/labs';
import { V86 } from 'v86';
import { download, DownloadError } from './download.ts';
import type { LabAssets } from './lab-assets.ts';
import type { MachineFailure, WorkerEvent, WorkerRequest } from './worker-messages.ts';

/**
 * Runs the lab's v86 machine off the page's thread: the emulator's loop never delays typing, scrolling or
 * the screen reader. Serial output is batched (v86 reports it byte by byte) and posted every few ms; the machine's
 * activity (instructions, file reads) is posted twice a second for the page's progress and stall watch.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let emulator: V86 | null = null;
let activity: EmulatorActivity | null = null;
/** Started as soon as the page creates the worker, while it still reads the saved state. */
let prepared: { assets: LabAssets; core: Promise<WebAssembly.Module>; bios: Promise<ArrayBuffer> } | null = null;
/** The boot waiting for the emulator to start: an error v86 throws meanwhile fails it, with no deadline. */
let booting: { reject(error: unknown): void } | null = null;

function post(event: WorkerEvent, transfer: Transferable[] = []) {
  scope.postMessage(event, transfer);
}

/** Bytes of one serial port, posted in batches. */
function batched(type: 'output' | 'control-output') {
  let pending: number[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const bytes = Uint8Array.from(pending);
    pending = [];
    post({ type, bytes }, [bytes.buffer]);
  };
  return (byte: number) => {
    pending.push(byte);
    timer ??= setTimeout(flush, 4);
  };
}

function failureOf(error: unknown): MachineFailure {
  if (error instanceof RangeError) return 'memory';
  const message = error instanceof Error ? error.message : String(error);
  return /memory|allocat/i.test(message) ? 'memory' : 'other';
}

function prepare(assets: LabAssets) {
  const core = WebAssembly.compileStreaming(fetch(assets.wasm));
  const bios = download(assets.bios, () => undefined);
  // Awaited later, by boot: until then a failure must not count as unhandled.
  core.catch(() => undefined);
  bios.catch(() => undefined);
  prepared = { assets, core, bios };
}

async function loadImage(assets: LabAssets, bios: Promise<ArrayBuffer>) {
  const loaded = { kernel: 0, initrd: 0 };
  const count = (file: keyof typeof loaded) => (bytes: number) => {
    loaded[file] = bytes;
    post({ type: 'progress', loaded: loaded.kernel + loaded.initrd });
  };
  const [kernel, initrd] = await Promise.all([
    download(assets.kernel, count('kernel')),
    download(assets.initrd, count('initrd')),
  ]);
  return { bios: await bios, kernel, initrd, rootfsIndex: assets.rootfsIndex, rootfsFiles: assets.rootfsFiles };
}

async function boot(request: Extract<WorkerRequest, { type: 'boot' }>) {
  const { source } = request;
  if (!prepared) throw new Error('The worker was not prepared.');
  const { assets, core, bios } = prepared;
  const image =
    source.kind === 'image' ? await loadImage(assets, bios) : { bios: await bios, rootfsFiles: assets.rootfsFiles };
  const compiled = await core;
  // No deadline: v86 starts, or throws (caught below, or as an error of the worker's own).
  await new Promise<void>((resolve, reject) => {
    booting = { reject };
    const machine = new V86({
      // The core was compiled as it streamed in, while the page read the saved state.
      wasm_fn: async (imports) => (await WebAssembly.instantiate(compiled, imports)).exports,
      ...labEmulatorOptions(image, source),
    });
    emulator = machine;
    machine.add_listener('serial0-output-byte', batched('output'));
    machine.add_listener(`serial${controlPort.index}-output-byte`, batched('control-output'));
    void whenStarted(machine).then(() => {
      booting = null;
      prepareEmulator(machine);
      activity = new EmulatorActivity(machine, (sample) => post({ type: 'activity', sample }));
      resolve();
    });
  });
}

function fail(id: number, error: unknown) {
  const reason = error instanceof DownloadError ? 'download' : failureOf(error);
  post({ type: 'failed', id, reason, message: error instanceof Error ? error.message : String(error) });
}

/** An error thrown in v86's own loop (or while it starts): the machine is gone, whatever was asked of it. */
function crashed(error: unknown) {
  if (booting) {
    booting.reject(error);
    booting = null;
    return;
  }
  if (!emulator) return;
  post({ type: 'crashed', reason: failureOf(error), message: error instanceof Error ? error.message : String(error) });
}
scope.addEventListener('error', (event) => crashed(event.error ?? new Error(event.message)));
scope.addEventListener('unhandledrejection', (event) => crashed(event.reason));

/** Sends bytes as v86 expects them: one character per byte (serial0_send sends each char code). */
function sendBytes(bytes: Uint8Array) {
  for (let start = 0; start < bytes.length; start += 4096) {
    emulator?.serial0_send(String.fromCharCode(...bytes.subarray(start, start + 4096)));
  }
}

async function restore(state: ArrayBuffer) {
  if (!emulator || !activity) throw new Error('No machine to restore.');
  await restoreEmulator(emulator, activity, state);
}

scope.addEventListener('message', (message: MessageEvent<WorkerRequest>) => {
  const request = message.data;
  switch (request.type) {
    case 'prepare':
      prepare(request.assets);
      break;
    case 'boot':
      boot(request).then(
        () => post({ type: 'done', id: request.id }),
        (error: unknown) => fail(request.id, error),
      );
      break;
    case 'send':
      sendBytes(request.bytes);
      break;
    case 'control':
      emulator?.serial_send_bytes(controlPort.index, request.bytes);
      break;
    case 'put-file':
      if (!emulator) return fail(request.id, new Error('No machine to put a file in.'));
      putRootFile(emulator, request.name, request.bytes).then(
        () => post({ type: 'done', id: request.id }),
        (error: unknown) => fail(request.id, error),
      );
      break;
    case 'remove-file':
      if (emulator) removeRootFile(emulator, request.name);
      break;
    case 'prefetch':
      // A file that cannot be had now is fetched again when the guest reads it; nothing waits for this one.
      if (emulator) prefetchRootFiles(emulator, request.paths).catch(() => undefined);
      break;
    case 'save': {
      const machine = emulator;
      if (!machine || !activity) return fail(request.id, new Error('No machine to save.'));
      // Only at a moment when no read of the root filesystem waits for its file (see EmulatorActivity).
      activity
        .whenQuiet(() => machine.save_state())
        .then(
          (state) => post({ type: 'done', id: request.id, state }, [state]),
          (error: unknown) => fail(request.id, error),
        );
      break;
    }
    case 'restore':
      restore(request.state).then(
        () => post({ type: 'done', id: request.id }),
        (error: unknown) => fail(request.id, error),
      );
      break;
    case 'stop':
      activity?.stop();
      void emulator?.destroy();
      emulator = null;
      activity = null;
      scope.close();
      break;
  }
});
