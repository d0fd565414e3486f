// docs/labs.md, "The machine": v86 is the emulator; this machine drives it inside the lab worker.
import type { BootSource, LabMachine, MachineActivity } from '@bastion/labs';
import { labAssets } from './lab-assets.ts';
import { LabMachineError } from './lab-machine-error.ts';
import type { WorkerEvent, WorkerRequest } from './worker-messages.ts';

/** The lab machine in a Web Worker (lab-worker.ts); this side only passes messages. */
export function createWorkerMachine(): LabMachine {
  const worker = new Worker(new URL('./lab-worker.ts', import.meta.url), { type: 'module', name: 'lab' });
  const listeners = new Set<(text: string) => void>();
  const controlListeners = new Set<(text: string) => void>();
  const activityListeners = new Set<(sample: MachineActivity) => void>();
  const waiting = new Map<number, { resolve(state?: ArrayBuffer): void; reject(error: Error): void }>();
  const decoder = new TextDecoder();
  const controlDecoder = new TextDecoder();
  const encoder = new TextEncoder();
  let progress: ((loaded: number) => void) | undefined;
  let nextId = 1;
  // The worker fetches and compiles the emulator's core right away, while the page reads the saved state.
  worker.postMessage({ type: 'prepare', assets: labAssets } satisfies WorkerRequest);

  const failAll = (error: LabMachineError) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };

  worker.addEventListener('message', (message: MessageEvent<WorkerEvent>) => {
    const event = message.data;
    if (event.type === 'output') {
      const text = decoder.decode(event.bytes, { stream: true });
      for (const listener of listeners) listener(text);
    } else if (event.type === 'control-output') {
      const text = controlDecoder.decode(event.bytes, { stream: true });
      for (const listener of controlListeners) listener(text);
    } else if (event.type === 'activity') {
      for (const listener of activityListeners) listener(event.sample);
    } else if (event.type === 'progress') {
      progress?.(event.loaded);
    } else if (event.type === 'crashed') {
      failAll(new LabMachineError(event.reason, event.message));
    } else {
      const call = waiting.get(event.id);
      waiting.delete(event.id);
      if (event.type === 'done') call?.resolve(event.state);
      else call?.reject(new LabMachineError(event.reason, event.message));
    }
  });
  worker.addEventListener('error', (event) => failAll(new LabMachineError('other', event.message)));

  function call(request: WorkerRequest & { id: number }, transfer: Transferable[] = []) {
    return new Promise<ArrayBuffer | undefined>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request, transfer);
    });
  }

  return {
    async boot(source: BootSource, onProgress) {
      progress = onProgress;
      const transfer = source.kind === 'state' ? [source.state] : [];
      await call({ type: 'boot', id: nextId++, source }, transfer);
    },
    send(text) {
      const bytes = encoder.encode(text);
      worker.postMessage({ type: 'send', bytes } satisfies WorkerRequest, [bytes.buffer]);
    },
    onOutput(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sendControl(text) {
      const bytes = encoder.encode(text);
      worker.postMessage({ type: 'control', bytes } satisfies WorkerRequest, [bytes.buffer]);
    },
    onControlOutput(listener) {
      controlListeners.add(listener);
      return () => controlListeners.delete(listener);
    },
    onActivity(listener) {
      activityListeners.add(listener);
      return () => activityListeners.delete(listener);
    },
    async putFile(name, bytes) {
      await call({ type: 'put-file', id: nextId++, name, bytes }, [bytes.buffer]);
    },
    removeFile(name) {
      worker.postMessage({ type: 'remove-file', name } satisfies WorkerRequest);
    },
    prefetch(paths) {
      worker.postMessage({ type: 'prefetch', paths } satisfies WorkerRequest);
    },
    async saveState() {
      const state = await call({ type: 'save', id: nextId++ });
      if (!state) throw new LabMachineError('other', 'The machine returned no state.');
      return state;
    },
    async restoreState(state) {
      await call({ type: 'restore', id: nextId++, state }, [state]);
    },
    stop() {
      worker.postMessage({ type: 'stop' } satisfies WorkerRequest);
      failAll(new LabMachineError('other', 'The lab was stopped.'));
      listeners.clear();
      controlListeners.clear();
      activityListeners.clear();
    },
  };
}
