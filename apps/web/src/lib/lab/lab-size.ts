import { files as imageFiles } from '../../../../../labs/image/manifest.json';
import { version as v86Version } from 'v86/package.json';

/** Bytes the first start downloads before the machine runs (the kernel and the boot initramfs), for the progress bar. */
export const labImageBytes = imageFiles
  .filter((file) => file.file === 'vmlinuz' || file.file === 'boot.cpio.gz')
  .reduce((sum, file) => sum + file.size, 0);

/**
 * What a saved machine state belongs to: a state only restores into the same image and the same emulator.
 * The image's hashes come from its manifest; v86's version from its package.
 */
export const labStateKey = [
  `v86-${v86Version}`,
  ...imageFiles.map((file) => `${file.file}-${file.sha256.slice(0, 16)}`),
].join('/');
