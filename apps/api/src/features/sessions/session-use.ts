import { and, eq, lt } from 'drizzle-orm';
import { sessions, type Db } from '@bastion/db';

/** A session's last use is written at most this often: "Last used" is true to the minute. */
export const SESSION_USE_INTERVAL_MS = 60_000;
/** Sessions whose last write this instance remembers; past it, it forgets them all (one more write each). */
const REMEMBERED_SESSIONS = 100_000;

/**
 * Records when sessions are used, for the learner's list of signed-in devices and the console's learner page.
 * Each instance writes a session's use at most once a minute, and the write changes nothing when the row says a
 * use less than a minute old (another instance, or a refresh, wrote it): one cheap update by primary key. Such a
 * write announces no learner change (migration 0022), so no cache is dropped for it.
 */
export function createSessionUse(db: Db) {
  const writtenAt = new Map<string, number>();
  return {
    /** Whether a use at `now` (ms) should be written. */
    due(sessionId: string, now: number): boolean {
      const last = writtenAt.get(sessionId);
      return last === undefined || now - last >= SESSION_USE_INTERVAL_MS || now < last;
    },
    async record(sessionId: string, now: number): Promise<void> {
      if (writtenAt.size >= REMEMBERED_SESSIONS) writtenAt.clear();
      writtenAt.set(sessionId, now);
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, new Date(now - SESSION_USE_INTERVAL_MS))));
    },
  };
}
