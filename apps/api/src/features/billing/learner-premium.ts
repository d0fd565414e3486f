// Decision 0050: premium is read from the database on each request, through this one function.
import { eq } from 'drizzle-orm';
import { users, type Executor } from '@bastion/db';
import { NotFound } from '../../lib/errors.ts';
import { hasPremium } from './premium.ts';

/**
 * Whether the learner is premium at `now`, read from the database (R18) rather than the
 * session, so a grant or an expiry counts at once. An unknown learner is a 404.
 */
export async function learnerHasPremium(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [learner] = await db
    .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!learner) throw new NotFound();
  return hasPremium(learner, now);
}
