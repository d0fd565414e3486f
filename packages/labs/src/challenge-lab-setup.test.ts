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
});
