// Decision 0035: within 10 s of its rotation a refresh token gets its successor again; later it revokes the session.
import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens, sessions, users, type Executor } from '@bastion/db';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Executor,
  values: {
    userId: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    secondFactor: 'totp' | 'recovery' | null;
    now: Date;
  },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      expiresAt: values.expiresAt,
      userAgent: values.userAgent,
      ip: values.ip,
      secondFactor: values.secondFactor,
      createdAt: values.now,
      lastUsedAt: values.now,
    })
    .returning();
  return row!;
}

export async function insertRefreshToken(
  db: Executor,
  values: { id: string; sessionId: string; issuedAt: Date; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/** The refresh token with its session and user, locked so parallel refreshes of it take turns. */
export async function lockRefreshToken(db: Executor, tokenId: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions, userActive: users.isActive })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.id, tokenId))
    .for('update', { of: refreshTokens })
    .limit(1);
  return row ?? null;
}

export async function findRefreshToken(db: Executor, tokenId: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, tokenId)).limit(1);
  return row ?? null;
}

export async function markRotated(db: Executor, tokenId: string, at: Date, replacedBy: string) {
  await db.update(refreshTokens).set({ rotatedAt: at, replacedBy }).where(eq(refreshTokens.id, tokenId));
}

export async function touchSession(db: Executor, sessionId: string, at: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt: at, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function findSession(db: Executor, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row ?? null;
}

export async function revokeSession(db: Executor, sessionId: string, at: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
