import { randomUUID } from 'node:crypto';
import { hash, type Algorithm } from '@node-rs/argon2';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { sessions, users, type Db } from '@bastion/db';
import type { App } from '../src/app.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const TEST_PASSWORD = 'correct-Horse-battery-9';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

let counter = 0;
let cachedHash: Promise<string> | undefined;

/**
 * argon2id at its lowest cost, for the users tests insert with the usual password. Verifying reads the cost from
 * the hash, so each of their sign-ins takes about a millisecond instead of 80 ms of CPU; every hash the app makes
 * itself (sign-up, password changes and resets, the decoy) keeps the production cost, which passwords.test.ts pins.
 */
function cheapHash(password: string): Promise<string> {
  return hash(password, { algorithm: 2 as Algorithm.Argon2id, memoryCost: 8, timeCost: 1, parallelism: 1 });
}

/** Inserts a user straight into the database (verified unless told otherwise). */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const username = overrides.username ?? `learner${counter}_${randomUUID().slice(0, 6)}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const passwordHash =
    password === TEST_PASSWORD ? await (cachedHash ??= cheapHash(TEST_PASSWORD)) : await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      isVerified: true,
      publicProfile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
      ...overrides,
      username,
      email,
      passwordHash,
    })
    .returning({ id: users.id });
  return { id: row!.id, username, email, password };
}

/**
 * A live session and a bearer header for it, without going through login and its captcha. `secondFactor`: what
 * the session's sign-in passed besides the password (none by default; the console admits only sessions with one).
 */
export async function authHeader(
  app: App,
  userId: string,
  options: { secondFactor?: 'totp' | 'recovery' | null } = {},
): Promise<{ authorization: string; sessionId: string }> {
  const now = app.clock.now();
  const secondFactor = options.secondFactor ?? null;
  const [session] = await app.db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(now.getTime() + app.config.refreshTokenTtlSeconds * 1000), secondFactor })
    .returning({ id: sessions.id });
  const { token } = await app.tokens.sign({ userId, sessionId: session!.id, type: 'access', now, secondFactor });
  return { authorization: `Bearer ${token}`, sessionId: session!.id };
}
