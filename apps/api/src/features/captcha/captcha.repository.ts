import { lt } from 'drizzle-orm';
import { captchaSpent, type Executor } from '@bastion/db';

/** Marks a solution as spent; false when it already was (on any instance). */
export async function spendCaptcha(db: Executor, key: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaSpent)
    .values({ key, expiresAt })
    .onConflictDoNothing({ target: captchaSpent.key })
    .returning({ key: captchaSpent.key });
  return rows.length === 1;
}

/** Forgets spent solutions whose challenge has expired: they can no longer be replayed anyway. */
export async function pruneSpentCaptchas(db: Executor, now: Date): Promise<void> {
  await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, now));
}
