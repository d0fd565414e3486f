import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { labKernelCmdline } from '../lab-machine.ts';
import { labImageDir, labImageFiles, readLabManifest, v86WasmPath } from './lab-image.ts';

/**
 * What a learner downloads before the lab machine runs, compressed, at most: the first start's budget is 20 MB in
 * all, and the root filesystem's files the boot reads come on top (bench:lab measures the whole).
 */
const downloadBudgetBytes = 12_000_000;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the committed lab image', () => {
  it('matches manifest.json, file by file', async () => {
    const manifest = await readLabManifest();
    expect(manifest.files.map((f) => f.file).sort()).toEqual(['boot.cpio.gz', 'rootfs.json', 'seabios.bin', 'vmlinuz']);
    for (const entry of manifest.files) {
      const bytes = await readFile(path.join(labImageDir, entry.file));
      expect({ file: entry.file, size: bytes.byteLength, sha256: sha256(bytes) }).toEqual(entry);
    }
    expect(manifest.kernel_cmdline).toBe(labKernelCmdline);
  });

  it('was built from exactly the pinned packages, each with a licence and listed in SOURCES.md', async () => {
    const manifest = await readLabManifest();
    const pinned = (await readFile(new URL('../../../../labs/build/packages.txt', import.meta.url), 'utf8'))
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

  it('keeps what the first start downloads before the machine runs within its budget', async () => {
    // vmlinuz (a bzImage) and the gzip initramfs are compressed already and go over the wire as they are;
    // the BIOS, v86.wasm and the root filesystem's index are served gzip-compressed.
    const [kernel, initrd] = await Promise.all([stat(labImageFiles.kernel), stat(labImageFiles.initrd)]);
    const [bios, wasm, index] = await Promise.all(
      [labImageFiles.bios, v86WasmPath, labImageFiles.rootfsIndex].map((file) => readFile(file)),
    );
    const compressed = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;
    const total = kernel.size + initrd.size + compressed(bios!) + compressed(wasm!) + compressed(index!);
    expect(total).toBeLessThanOrEqual(downloadBudgetBytes);
  });

  it('stores each root filesystem file once, named by its content hash, for every path the index names', async () => {
    const index = JSON.parse(await readFile(labImageFiles.rootfsIndex, 'utf8')) as { fsroot: unknown[] };
    const named = new Set<string>();
    const walk = (nodes: unknown[]) => {
      for (const node of nodes as [string, number, number, number, number, number, unknown][]) {
        if (Array.isArray(node[6])) walk(node[6]);
        else if (typeof node[6] === 'string' && (node[3] & 0o170000) === 0o100000) named.add(node[6]);
      }
    };
    walk(index.fsroot);
    const stored = new Set(await readdir(labImageFiles.rootfsFiles));
    expect([...named].filter((name) => !stored.has(name))).toEqual([]);
    expect([...stored].filter((name) => !named.has(name))).toEqual([]);
    expect([...stored].filter((name) => !/^[0-9a-f]{64}\.zst$/.test(name))).toEqual([]);
  });
});
