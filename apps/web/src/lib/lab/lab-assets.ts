import initrdUrl from '../../../../../labs/image/boot.cpio.gz?url';
import rootfsIndexUrl from '../../../../../labs/image/rootfs.json?url';
import biosUrl from '../../../../../labs/image/seabios.bin?url';
import kernelUrl from '../../../../../labs/image/vmlinuz?url';
import readyStateUrl from '../../../../../labs/ready-state/ready.state.zst?url';
import wasmUrl from 'v86/build/v86.wasm?url';

/**
 * The lab machine's files. The build copies each under a content-hashed name in /assets/ (served immutable,
 * with Brotli and gzip copies of the compressible ones), so a learner downloads each once. The root
 * filesystem's files are named by their hash already: the server serves labs/image/rootfs/ as they are, at
 * `rootfsFiles`, and v86 fetches each on its first read.
 */
export const labAssets = {
  wasm: wasmUrl,
  bios: biosUrl,
  kernel: kernelUrl,
  initrd: initrdUrl,
  rootfsIndex: rootfsIndexUrl,
  rootfsFiles: '/assets/lab-image/',
  /** The guest at its ready point, saved when the image was built (docs/labs.md, "Starting and restoring"). */
  readyState: readyStateUrl,
};

export type LabAssets = typeof labAssets;
