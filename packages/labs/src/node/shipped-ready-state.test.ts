import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readyStateBelongs, readyStateOwner } from '../ready-state.ts';
import { LabRunner } from './lab-runner.ts';
import {
  currentReadyStateOwner,
  readShippedReadyStateRecord,
  shippedReadyStateDir,
  warmUpScript,
} from './shipped-ready-state.ts';

const IMAGE = [
  { file: 'vmlinuz', sha256: 'aa' },
  { file: 'rootfs.json', sha256: 'bb' },
];

describe('the shipped ready state', () => {
  it('belongs only to the emulator, machine and image it was saved from', () => {
    const owner = readyStateOwner('0.5.462', IMAGE);
    expect(readyStateBelongs(owner, readyStateOwner('0.5.462', IMAGE))).toBe(true);
    expect(readyStateBelongs(owner, readyStateOwner('0.5.463', IMAGE))).toBe(false);
    expect(
      readyStateBelongs(owner, readyStateOwner('0.5.462', [IMAGE[0]!, { file: 'rootfs.json', sha256: 'cc' }])),
    ).toBe(false);
    expect(readyStateBelongs(owner, readyStateOwner('0.5.462', IMAGE.slice(0, 1)))).toBe(false);
    expect(readyStateBelongs({ ...owner, machine: 'memory 1, vga 1, com2' }, owner)).toBe(false);
  });

  it('is saved from the committed image and this v86 (npm run labs:ready-state saves it again), whole, zstd', async () => {
    const record = await readShippedReadyStateRecord();
    expect(record).not.toBeNull();
    expect(readyStateBelongs(record!, await currentReadyStateOwner())).toBe(true);
    expect(record!.warmUp).toBe(
      createHash('sha256')
        .update(await warmUpScript())
        .digest('hex'),
    );
    const bytes = await readFile(path.join(shippedReadyStateDir, record!.file));
    expect(bytes.byteLength).toBe(record!.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(record!.sha256);
    expect(bytes.readUInt32LE(0)).toBe(0xfd2fb528);
  });

  it(
    'is where the runner starts, holds what most first starts read, and a lab set up from it runs',
    { timeout: 120_000 },
    async () => {
      const runner = await LabRunner.ready();
      try {
        expect(runner.readyFrom).toBe('shipped');
        await runner.provision({ hostname: 'shipped', user: 'student', cwd: '/home/student', files: [] });
        expect(await runner.run('echo "$(id -un)@$(hostname)"')).toContain('student@shipped');
        // What most first starts read is already in the guest's memory (docs/labs.md): nothing to fetch for it.
        expect(await runner.run('grep -o "^veth \\|^bridge \\|^nf_tables " /proc/modules | sort | tr -d " "')).toBe(
          'bridge\nnf_tables\nveth\n',
        );
        const cached = await runner.run(
          'fincore --noheadings --bytes --output RES /usr/bin/python3.11 /usr/bin/openssl /usr/bin/ip /usr/bin/bash',
        );
        // A plain lab's setup runs neither Python nor ip: only the ready state can have read them.
        const residentBytes = cached.trim().split('\n').map(Number);
        expect(residentBytes).toHaveLength(4);
        for (const bytes of residentBytes) expect(bytes).toBeGreaterThan(64 * 1024);
      } finally {
        await runner.destroy();
      }
    },
  );
});
