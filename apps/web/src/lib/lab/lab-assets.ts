import initrdUrl from '../../../../../labs/image/initramfs.cpio.gz?url';
import biosUrl from '../../../../../labs/image/seabios.bin?url';
import kernelUrl from '../../../../../labs/image/vmlinuz?url';
import wasmUrl from 'v86/build/v86.wasm?url';

/**
 * The lab machine's files. The build copies each under a content-hashed name in /assets/ (served immutable,
 * with Brotli and gzip copies of the compressible ones), so a learner downloads each once.
 */
export const labAssets = { wasm: wasmUrl, bios: biosUrl, kernel: kernelUrl, initrd: initrdUrl };

export type LabAssets = typeof labAssets;
