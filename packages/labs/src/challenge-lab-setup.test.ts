import { describe, expect, it } from 'vitest';
import { challengeLabSetup, homeFileName } from './challenge-lab-setup.ts';

describe("a challenge's lab", () => {
  it('keeps attachment names inside the home directory', () => {
    expect(homeFileName('notes.txt')).toBe('notes.txt');
    expect(homeFileName('../../etc/passwd')).toBe('passwd');
    expect(homeFileName('..')).toBe('attachment');
  });

  it("puts each attachment in the image's learner's home directory, as the learner's own file", async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const setup = await challengeLabSetup([{ name: 'files/auth.log' }], async () => bytes);
    expect(setup).toEqual({
      hostname: 'bastion-lab',
      user: 'learner',
      cwd: '/home/learner',
      files: [{ path: '/home/learner/auth.log', content: bytes, owner: 'learner', group: 'learner', mode: '0644' }],
    });
  });

  it('adds the files, network, hosts and services its lab declares', async () => {
    const attributes = {
      owner: 'root',
      group: 'root',
      mode: '0600',
      mtime: null,
      directory: false,
      encoding: 'utf-8' as const,
      copy_of: null,
    };
    const shop = { name: 'shop', user: 'www-data', command: 'python3 app.py', host: 'shop', ports: [80] };
    const setup = await challengeLabSetup([{ name: 'brief.txt' }], async () => new Uint8Array([1]), {
      files: { '/root/flag.txt': 'flag{x}\n' },
      file_attributes: { '/root/flag.txt': attributes },
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop', address: '10.10.0.20' }],
      services: [shop],
      accounts: [],
      processes_visible: false,
      packet_capture: false,
      sealed: null,
      tools: [],
    });
    expect(setup).toMatchObject({
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop', address: '10.10.0.20' }],
      services: [shop],
    });
    expect(setup.files.map((file) => [file.path, file.owner, file.mode])).toEqual([
      ['/root/flag.txt', 'root', '0600'],
      ['/home/learner/brief.txt', 'learner', '0644'],
    ]);
  });
});
