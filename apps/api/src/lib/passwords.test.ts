import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at 64 MiB, 3 iterations, parallelism 4, salted per hash', async () => {
    const [one, two] = await Promise.all([hashPassword('correct-Horse-9'), hashPassword('correct-Horse-9')]);
    expect(one).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(one).not.toBe(two);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct-Horse-9');
    expect(await verifyPassword(hash, 'correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-9')).toBe(false);
  });

  it('answers false, without throwing, for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$broken', 'anything')).toBe(false);
  });

  it('keeps one decoy hash that matches nothing guessable', async () => {
    const decoy = await decoyPasswordHash();
    expect(await decoyPasswordHash()).toBe(decoy);
    expect(await verifyPassword(decoy, '')).toBe(false);
  });
});
