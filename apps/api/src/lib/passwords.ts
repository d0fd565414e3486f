// Decision 0036: argon2id (64 MiB, 3 iterations, parallelism 4); an unknown account still verifies a decoy hash.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id at 64 MiB, t=3, p=4, per OWASP guidance. */
// `Algorithm` is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows: verified against when no user matches, so timing does not reveal accounts. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
