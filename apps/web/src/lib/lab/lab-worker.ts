/// <reference lib="webworker" />
import { labEmulatorOptions } from '@bastion/labs';
import { V86 } from 'v86';
import type { LabAssets } from './lab-assets.ts';
import type { MachineFailure, WorkerEvent, WorkerRequest } from './worker-messages.ts';

/**
 * Runs the lab's v86 machine off the page's thread: the emulator's loop never delays typing, scrolling or
 * the screen reader. Serial output is batched (v86 reports it byte by byte) and posted every few ms.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let emulator: V86 | null = null;
/** Started as soon as the page creates the worker, while it still reads the saved state. */
let prepared: { assets: LabAssets; core: Promise<WebAssembly.Module>; bios: Promise<ArrayBuffer> } | null = null;
let pending: number[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function post(event: WorkerEvent, transfer: Transferable[] = []) {
  scope.postMessage(event, transfer);
}

function flush() {
  flushTimer = null;
  const bytes = Uint8Array.from(pending);
  pending = [];
  post({ type: 'output', bytes }, [bytes.buffer]);
}

function onSerialByte(byte: number) {
  pending.push(byte);
  flushTimer ??= setTimeout(flush, 4);
}

function failureOf(error: unknown): MachineFailure {
  if (error instanceof RangeError) return 'memory';
  const message = error instanceof Error ? error.message : String(error);
  return /memory|allocat/i.test(message) ? 'memory' : 'other';
}

/** A file's bytes, reporting each chunk so the page can show how far the first download is. */
async function download(url: string, onChunk: (bytes: number) => void): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new DownloadError(`${url}: HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value.byteLength);
  }
  return new Blob(chunks as BlobPart[]).arrayBuffer();
}

class DownloadError extends Error {}

function rethrowAsDownload(error: unknown): never {
  throw error instanceof DownloadError ? error : new DownloadError(String(error));
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
  let loaded = 0;
  const count = (bytes: number) => {
    loaded += bytes;
    post({ type: 'progress', loaded });
  };
  try {
    const [kernel, initrd] = await Promise.all([download(assets.kernel, count), download(assets.initrd, count)]);
    return { bios: await bios, kernel, initrd, rootfsIndex: assets.rootfsIndex, rootfsFiles: assets.rootfsFiles };
  } catch (error) {
    throw error instanceof DownloadError ? error : new DownloadError(String(error));
  }
}

async function boot(request: Extract<WorkerRequest, { type: 'boot' }>) {
  const { source } = request;
  if (!prepared) throw new Error('The worker was not prepared.');
  const { assets, core, bios } = prepared;
  const image =
    source.kind === 'image'
      ? await loadImage(assets, bios)
      : { bios: await bios.catch(rethrowAsDownload), rootfsFiles: assets.rootfsFiles };
  const compiled = await core;
  await new Promise<void>((resolve, reject) => {
    const machine = new V86({
      // The core was compiled as it streamed in, while the page read the saved state.
      wasm_fn: async (imports) => (await WebAssembly.instantiate(compiled, imports)).exports,
      ...labEmulatorOptions(image, source),
    });
    emulator = machine;
    machine.add_listener('serial0-output-byte', onSerialByte);
    machine.add_listener('emulator-started', () => resolve());
    setTimeout(() => reject(new Error('The emulator did not start.')), 60_000);
  });
}

function fail(id: number, error: unknown) {
  const reason = error instanceof DownloadError ? 'download' : failureOf(error);
  post({ type: 'failed', id, reason, message: error instanceof Error ? error.message : String(error) });
}

/** Sends bytes as v86 expects them: one character per byte (serial0_send sends each char code). */
function sendBytes(bytes: Uint8Array) {
  for (let start = 0; start < bytes.length; start += 4096) {
    emulator?.serial0_send(String.fromCharCode(...bytes.subarray(start, start + 4096)));
  }
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
    case 'save':
      if (!emulator) return fail(request.id, new Error('No machine to save.'));
      emulator.save_state().then(
        (state) => post({ type: 'done', id: request.id, state }, [state]),
        (error: unknown) => fail(request.id, error),
      );
      break;
    case 'restore':
      if (!emulator) return fail(request.id, new Error('No machine to restore.'));
      emulator.restore_state(request.state).then(
        () => post({ type: 'done', id: request.id }),
        (error: unknown) => fail(request.id, error),
      );
      break;
    case 'stop':
      void emulator?.destroy();
      emulator = null;
      scope.close();
      break;
  }
});
