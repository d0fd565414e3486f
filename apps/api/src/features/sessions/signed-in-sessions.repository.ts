import { and, desc, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import { sessions, type Executor } from '@bastion/db';

/** The learner's live sessions (not revoked, not expired), most recently active first. */
export function listLiveSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(200);
}

export async function findUserSession(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Revokes the learner's live sessions (one, or all but `keep`); answers how many it ended. */
export async function revokeLiveSessions(
  db: Executor,
  userId: string,
  which: { only: string } | { keep: string },
  now: Date,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        'only' in which ? eq(sessions.id, which.only) : ne(sessions.id, which.keep),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function hasAnySession(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  return row !== undefined;
}

/** The user agents of the learner's sessions active since `since`, live or ended. */
export async function recentUserAgents(db: Executor, userId: string, since: Date): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gte(sessions.lastUsedAt, since)))
    .limit(500);
  return rows.map((row) => row.userAgent);
}
