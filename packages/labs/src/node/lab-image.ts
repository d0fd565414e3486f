import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LabImage } from '../lab-machine.ts';

/** The committed lab guest, built by labs/build/build-image.sh from pinned Debian packages. */
export const labImageDir = fileURLToPath(new URL('../../../../labs/image/', import.meta.url));

export const labImageFiles = {
  bios: path.join(labImageDir, 'seabios.bin'),
  kernel: path.join(labImageDir, 'vmlinuz'),
  initrd: path.join(labImageDir, 'boot.cpio.gz'),
  rootfsIndex: path.join(labImageDir, 'rootfs.json'),
  rootfsFiles: path.join(labImageDir, 'rootfs/'),
  manifest: path.join(labImageDir, 'manifest.json'),
} as const;

/** v86 ships its WebAssembly core in the npm package, next to libv86.mjs. */
export const v86WasmPath = path.join(path.dirname(createRequire(import.meta.url).resolve('v86')), 'v86.wasm');

export interface LabManifest {
  distribution: string;
  built_by: string;
  source_date_epoch: number;
  kernel_cmdline: string;
  files: { file: string; sha256: string; size: number }[];
  packages: { name: string; arch: string; version: string; sha256: string; licence: string; source: string }[];
}

export async function readLabManifest(): Promise<LabManifest> {
  return JSON.parse(await readFile(labImageFiles.manifest, 'utf8')) as LabManifest;
}

/** An ArrayBuffer holding exactly the file's bytes (v86 takes images as ArrayBuffers). */
async function readArrayBuffer(file: string): Promise<ArrayBuffer> {
  const bytes = await readFile(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export async function loadLabImage(): Promise<Required<LabImage>> {
  const [bios, kernel, initrd] = await Promise.all([
    readArrayBuffer(labImageFiles.bios),
    readArrayBuffer(labImageFiles.kernel),
    readArrayBuffer(labImageFiles.initrd),
  ]);
  return { bios, kernel, initrd, rootfsIndex: labImageFiles.rootfsIndex, rootfsFiles: labImageFiles.rootfsFiles };
}
