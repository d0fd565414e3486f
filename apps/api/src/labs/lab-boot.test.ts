import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabMachine } from '../../test/lab-machine.js';

const bootTimeoutMs = 90_000;

describe('the lab image in v86 under Node', () => {
  let machine: LabMachine;

  beforeAll(async () => {
    const booted = await LabMachine.boot(bootTimeoutMs);
    machine = booted.machine;
    console.info(`lab image: shell prompt after ${Math.round(booted.bootMs)} ms`);
  }, bootTimeoutMs + 10_000);

  afterAll(async () => {
    await machine?.destroy();
  });

  it('runs the real GNU and Debian tools as the learner', async () => {
    expect(await machine.run('id -un')).toBe('learner\n');
    expect(await machine.run('uname -m')).toBe('i686\n');
    expect(await machine.run('ls -l /etc/passwd | cut -c1-10')).toBe('-rw-r--r--\n');
    expect(await machine.run(`python3 -c 'import hashlib;print(hashlib.sha256(b"x").hexdigest())'`)).toBe(
      '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n',
    );
    expect(await machine.run('echo hi | base64')).toBe('aGkK\n');
    expect(await machine.run(`printf '\\x41' | xxd -p`)).toBe('41\n');
    // No network adapter: the guest has nothing but loopback to talk through.
    expect(await machine.run('ls /sys/class/net')).toBe('lo\n');
  }, 60_000);
});
