import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { issuedLabSecrets, labOpens, quickSolves, rowsOf, sharedAnswers, users, type Executor } from '@bastion/db';
import type { PageWindow } from '../../lib/pagination.ts';

export interface IssuedSecret {
  itemId: string;
  userId: string;
  name: string;
  digest: string;
}

/** Records values handed out; a value already recorded (the learner's own, again) is left as it was. */
export async function recordIssued(db: Executor, rows: IssuedSecret[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(issuedLabSecrets).values(rows).onConflictDoNothing();
}

/** Whose value of `itemId` has this digest, when it is not `userId`'s own. */
export async function findOtherOwner(
  db: Executor,
  itemId: string,
  digest: string,
  userId: string,
): Promise<{ userId: string; name: string } | null> {
  const [row] = await db
    .select({ userId: issuedLabSecrets.userId, name: issuedLabSecrets.name })
    .from(issuedLabSecrets)
    .where(
      and(
        eq(issuedLabSecrets.itemId, itemId),
        eq(issuedLabSecrets.digest, digest),
        ne(issuedLabSecrets.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function usernameOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? null;
}

export type NewSharedAnswer = typeof sharedAnswers.$inferInsert;

export async function insertShared(db: Executor, row: NewSharedAnswer): Promise<void> {
  await db.insert(sharedAnswers).values(row);
}

/** The learner opened the item's lab now: the first time is kept, the last moves on. */
export async function touchLabOpen(db: Executor, userId: string, itemId: string, now: Date): Promise<void> {
  await db
    .insert(labOpens)
    .values({ userId, itemId, firstAt: now, lastAt: now })
    .onConflictDoUpdate({ target: [labOpens.userId, labOpens.itemId], set: { lastAt: sql`excluded.last_at` } });
}

const sender = alias(users, 'sender');
const owner = alias(users, 'owner');

/** Newest first, with both learners' names. */
export function listShared(db: Executor, window: PageWindow) {
  return db
    .select({
      id: sharedAnswers.id,
      at: sharedAnswers.at,
      itemType: sharedAnswers.itemType,
      itemId: sharedAnswers.itemId,
      itemTitle: sharedAnswers.itemTitle,
      secretName: sharedAnswers.secretName,
      userId: sharedAnswers.userId,
      username: sender.username,
      ownerId: sharedAnswers.ownerId,
      ownerUsername: owner.username,
    })
    .from(sharedAnswers)
    .innerJoin(sender, eq(sender.id, sharedAnswers.userId))
    .innerJoin(owner, eq(owner.id, sharedAnswers.ownerId))
    .orderBy(desc(sharedAnswers.at), desc(sharedAnswers.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countShared(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(sharedAnswers);
  return row?.total ?? 0;
}

/** When the learner first opened the item's lab, or null. */
export async function firstOpen(db: Executor, userId: string, itemId: string): Promise<Date | null> {
  const [row] = await db
    .select({ firstAt: labOpens.firstAt })
    .from(labOpens)
    .where(and(eq(labOpens.userId, userId), eq(labOpens.itemId, itemId)))
    .limit(1);
  return row?.firstAt ?? null;
}

export async function insertQuickSolve(db: Executor, row: typeof quickSolves.$inferInsert): Promise<void> {
  await db.insert(quickSolves).values(row);
}

export interface QuickSolverRow {
  user_id: string;
  username: string;
  solves: number;
  without_lab: number;
  first_at: Date;
  last_at: Date;
  items: string[];
}

/** Learners with quick solves, most first, then the most recent. Staff (trying the content out) are not listed. */
export function listQuickSolvers(db: Executor, window: PageWindow): Promise<QuickSolverRow[]> {
  return rowsOf<QuickSolverRow>(
    db,
    sql`
    select q.user_id, u.username, count(*)::int as solves, count(*) filter (where q.lab_opened_at is null)::int as without_lab,
      min(q.solved_at) as first_at, max(q.solved_at) as last_at,
      (array_agg(q.item_title order by q.solved_at desc))[1:10] as items
    from quick_solves q join users u on u.id = q.user_id
    where not u.is_staff
    group by q.user_id, u.username
    order by count(*) desc, max(q.solved_at) desc, q.user_id
    limit ${window.limit} offset ${window.offset}`,
  );
}

export async function countQuickSolvers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${quickSolves.userId})::int` })
    .from(quickSolves)
    .innerJoin(users, eq(users.id, quickSolves.userId))
    .where(eq(users.isStaff, false));
  return row?.total ?? 0;
}
