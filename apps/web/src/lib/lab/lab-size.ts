import { labStateSource, type LabSpec } from '@bastion/labs';
import { files as imageFiles } from '../../../../../labs/image/manifest.json';
import { version as v86Version } from 'v86/package.json';

/** Bytes the first start downloads before the machine runs (the kernel and the boot initramfs), for the progress bar. */
export const labImageBytes = imageFiles
  .filter((file) => file.file === 'vmlinuz' || file.file === 'boot.cpio.gz')
  .reduce((sum, file) => sum + file.size, 0);

/** Bytes of the image's files every start loads besides the kernel: the BIOS and the root filesystem's index. */
const alwaysLoadedBytes = imageFiles
  .filter((file) => file.file === 'seabios.bin' || file.file === 'rootfs.json')
  .reduce((sum, file) => sum + file.size, 0);

/**
 * What a learner's first start downloads, in whole MB, rounded up: the machine (`machineBytes`: the shipped ready
 * state, or the kernel and initramfs a boot needs), the emulator's core and the files above (the last three before
 * compression). Programs the learner runs fetch their own files on first use.
 */
export function firstStartMegabytes(machineBytes: number): number {
  return Math.ceil((machineBytes + __V86_WASM_BYTES__ + alwaysLoadedBytes) / 1e6);
}

/**
 * What a saved machine state belongs to: a state only restores into the same image, the same emulator and the same
 * machine (its devices: `com2` since the control port). The image's hashes come from its manifest; v86's version
 * from its package. Every state key starts with it.
 */
export const labMachineKey = [
  `v86-${v86Version}`,
  'com2',
  ...imageFiles.map((file) => `${file.file}-${file.sha256.slice(0, 16)}`),
].join('/');

/** The guest at its ready point, before any lab's setup: what every lab not saved yet starts from. */
export const readyStateKey = `${labMachineKey}/ready`;

/** SHA-256 of a text, in hex; null where the browser has no Web Crypto (an insecure context). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A lab's own saved state: named by its setup script without the terminal's size and the clock (labStateSource),
 * so a lab whose content changes gets a new one, and the same lab on another screen the same one.
 */
export async function labStateKeyOf(
  spec: LabSpec,
  digest: (text: string) => Promise<string | null> = sha256Hex,
): Promise<string | null> {
  const hash = await digest(labStateSource(spec));
  return hash && `${labMachineKey}/lab-${hash}`;
}
