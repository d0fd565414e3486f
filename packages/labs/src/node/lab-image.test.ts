import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { labKernelCmdline } from '../lab-machine.ts';
import { labImageDir, labImageFiles, readLabManifest, v86WasmPath } from './lab-image.ts';

/** What a learner downloads the first time, compressed, at most (issue: "≤ 25 MB compressed"). */
const downloadBudgetBytes = 25_000_000;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the committed lab image', () => {
  it('matches manifest.json, file by file', async () => {
    const manifest = await readLabManifest();
    expect(manifest.files.map((f) => f.file).sort()).toEqual(['initramfs.cpio.gz', 'seabios.bin', 'vmlinuz']);
    for (const entry of manifest.files) {
      const bytes = await readFile(path.join(labImageDir, entry.file));
      expect({ file: entry.file, size: bytes.byteLength, sha256: sha256(bytes) }).toEqual(entry);
    }
    expect(manifest.kernel_cmdline).toBe(labKernelCmdline);
  });

  it('was built from exactly the pinned packages, each with a licence and listed in SOURCES.md', async () => {
    const manifest = await readLabManifest();
    const pinned = (await readFile(new URL('../../../../scripts/labs/packages.txt', import.meta.url), 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const match = /^([^:\s]+):([^=\s]+)=(\S+) ([0-9a-f]{64})$/.exec(line);
        if (!match) throw new Error(`packages.txt: malformed line ${line}`);
        const [, name = '', arch = '', version = '', hash = ''] = match;
        return { name, arch, version, sha256: hash };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(
      manifest.packages.map(({ name, arch, version, sha256: hash }) => ({ name, arch, version, sha256: hash })),
    ).toEqual(pinned);
    const sources = await readFile(path.join(labImageDir, 'SOURCES.md'), 'utf8');
    for (const pkg of manifest.packages) {
      expect(pkg.licence, pkg.name).not.toMatch(/^(unknown|see copyright file)/);
      expect(sources, pkg.name).toContain(`| ${pkg.name}:${pkg.arch} | ${pkg.version} |`);
    }
  });

  it('keeps the first download within the budget', async () => {
    // vmlinuz (a bzImage) and the gzip initramfs are compressed already and go over the wire as they are;
    // the BIOS and v86.wasm are served gzip-compressed.
    const [kernel, initrd] = await Promise.all([stat(labImageFiles.kernel), stat(labImageFiles.initrd)]);
    const [bios, wasm] = await Promise.all([readFile(labImageFiles.bios), readFile(v86WasmPath)]);
    const compressed = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;
    const total = kernel.size + initrd.size + compressed(bios) + compressed(wasm);
    expect(total).toBeLessThanOrEqual(downloadBudgetBytes);
  });
});
