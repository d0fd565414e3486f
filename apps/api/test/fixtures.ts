import { randomUUID } from 'node:crypto';
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
    password === TEST_PASSWORD ? await (cachedHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
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

/** A live session and a bearer header for it, without going through login and its captcha. */
export async function authHeader(app: App, userId: string): Promise<{ authorization: string; sessionId: string }> {
  const now = app.clock.now();
  const [session] = await app.db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(now.getTime() + app.config.refreshTokenTtlSeconds * 1000) })
    .returning({ id: sessions.id });
  const { token } = await app.tokens.sign({ userId, sessionId: session!.id, type: 'access', now });
  return { authorization: `Bearer ${token}`, sessionId: session!.id };
}
