import { readyStateBelongs, readyStateOwner } from '@bastion/labs';
import record from '../../../../../labs/ready-state/ready-state.json';
import { files as imageFiles } from '../../../../../labs/image/manifest.json';
import { version as v86Version } from 'v86/package.json';
import { download } from './download.ts';

/** The guest at its ready point as the site ships it: what a lab not started before restores (docs/labs.md). */
export interface ShippedReadyState {
  /** Its size compressed: what the first start downloads of it. */
  bytes: number;
  fetch(onProgress: (loadedBytes: number) => void): Promise<ArrayBuffer>;
}

/** The shipped state, unless it was saved from another image or emulator (a build that forgot to save it again). */
export const shippedReadyState: ShippedReadyState | null = readyStateBelongs(
  record,
  readyStateOwner(v86Version, imageFiles),
)
  ? {
      bytes: record.bytes,
      // The asset's address loads with the lab's others, when a learner starts a lab.
      fetch: async (onProgress) => download((await import('./lab-assets.ts')).labAssets.readyState, onProgress),
    }
  : null;
