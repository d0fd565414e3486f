import type { BootSource, MachineActivity } from '@bastion/labs';
import type { LabAssets } from './lab-assets.ts';

/** What the page asks of the worker that runs v86. */
export type WorkerRequest =
  | { type: 'prepare'; assets: LabAssets }
  | { type: 'boot'; id: number; source: BootSource }
  | { type: 'send'; bytes: Uint8Array }
  | { type: 'control'; bytes: Uint8Array }
  | { type: 'put-file'; id: number; name: string; bytes: Uint8Array }
  | { type: 'remove-file'; name: string }
  | { type: 'prefetch'; paths: readonly string[] }
  | { type: 'save'; id: number }
  | { type: 'restore'; id: number; state: ArrayBuffer }
  | { type: 'stop' };

/** Why the machine could not start: too little memory is worth its own message to the learner. */
export type MachineFailure = 'memory' | 'download' | 'other';

/** What the worker answers. `id` pairs an answer with its request. */
export type WorkerEvent =
  | { type: 'output'; bytes: Uint8Array }
  | { type: 'control-output'; bytes: Uint8Array }
  | { type: 'activity'; sample: MachineActivity }
  | { type: 'progress'; loaded: number }
  | { type: 'done'; id: number; state?: ArrayBuffer }
  | { type: 'failed'; id: number; reason: MachineFailure; message: string }
  /** The emulator failed outside any request (an error v86 threw in its own loop). */
  | { type: 'crashed'; reason: MachineFailure; message: string };
