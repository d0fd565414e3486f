import { createContext, useContext } from 'react';
import type { CreateLabMachine } from '@bastion/labs';
import { labMachineKey, readyStateKey } from '@/lib/lab/lab-size.ts';
import { shippedReadyState, type ShippedReadyState } from '@/lib/lab/shipped-ready-state.ts';
import { indexedDbStateCache, type StateCache } from '@/lib/lab/state-cache.ts';
import { labSupport, type LabUnsupported } from '@/lib/lab/lab-support.ts';

/** What a lab runs on: the browser's own (v86 in a worker, IndexedDB), or a fake in component tests. */
export interface LabEnvironment {
  createMachine: CreateLabMachine;
  cache: StateCache;
  shippedReadyState: ShippedReadyState | null;
  /** Why this browser cannot run a lab (checked before Start is offered), or null. */
  unsupported(): Promise<LabUnsupported | null>;
}

export const browserLabEnvironment: LabEnvironment = {
  // The worker and the image's addresses load only when a learner starts a lab.
  createMachine: async () => (await import('@/lib/lab/worker-machine.ts')).createWorkerMachine(),
  cache: indexedDbStateCache(labMachineKey, readyStateKey),
  shippedReadyState,
  unsupported: () => labSupport(),
};

export const LabEnvironmentContext = createContext<LabEnvironment>(browserLabEnvironment);

export function useLabEnvironment(): LabEnvironment {
  return useContext(LabEnvironmentContext);
}
