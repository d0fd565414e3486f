import { visibleAs } from '../content/effective-content.ts';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { rowsOf, users, type Executor } from '@bastion/db';
import type { PremiumContent } from '@bastion/contract';

export interface PremiumRow {
  id: string;
  email: string;
  isPremium: boolean;
  premiumUntil: Date | null;
  premiumSource: string | null;
}

const premiumColumns = {
  id: users.id,
  email: users.email,
  isPremium: users.isPremium,
  premiumUntil: users.premiumUntil,
  premiumSource: users.premiumSource,
};

export async function findPremium(db: Executor, userId: string): Promise<PremiumRow | null> {
  const [row] = await db.select(premiumColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The learner's premium columns with the row locked: changes to one learner's premium take turns. */
export async function lockPremium(tx: Executor, userId: string): Promise<PremiumRow | null> {
  const [row] = await tx.select(premiumColumns).from(users).where(eq(users.id, userId)).limit(1).for('no key update');
  return row ?? null;
}

export async function setPremium(
  tx: Executor,
  userId: string,
  values: { isPremium: boolean; premiumUntil: Date | null; premiumSource: string | null },
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Clears the flag of up to `limit` learners whose period ended by `now` and returns their ids. Rows
 * another transaction holds are skipped (SKIP LOCKED), so instances sweeping together never claim one twice.
 */
export async function claimLapsedPremium(tx: Executor, now: Date, limit: number): Promise<string[]> {
  const lapsed = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isPremium, true), isNotNull(users.premiumUntil), lte(users.premiumUntil, now)))
    .orderBy(users.premiumUntil)
    .limit(limit)
    .for('no key update', { skipLocked: true });
  const rows = await tx
    .update(users)
    .set({ isPremium: false, premiumUntil: null, premiumSource: null })
    .where(inArray(users.id, lapsed))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** What Premium opens among the visible content, by title (the plan page lists it). */
export async function premiumContent(db: Executor): Promise<PremiumContent> {
  const [courses, modules, challenges] = await Promise.all([
    rowsOf<PremiumContent['courses'][number]>(
      db,
      sql`select c.id, c.title from courses c where ${visibleAs('c')} and c.access = 'premium' order by c.title`,
    ),
    // A Premium course opens all its modules: only the Premium modules of free courses are listed apart.
    rowsOf<PremiumContent['modules'][number]>(
      db,
      sql`select m.id, m.title, c.title as course
        from modules m join courses c on c.id = m.course_id
        where ${visibleAs('m')} and ${visibleAs('c')} and m.access = 'premium' and c.access = 'free'
        order by c.title, m.position`,
    ),
    rowsOf<PremiumContent['challenges'][number]>(
      db,
      sql`select c.id, c.title from challenges c where ${visibleAs('c')} and c.access = 'premium' order by c.title`,
    ),
  ]);
  return { courses, modules, challenges };
}
