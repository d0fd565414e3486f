import { and, count, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  answerSubmissions,
  challenges,
  moduleItems,
  quickSolves,
  recordStarts,
  rowsOf,
  users,
  type Executor,
} from '@bastion/db';
import type { PageWindow } from '../../lib/pagination.ts';
import { containing } from '../../lib/contains.ts';

type NewSubmission = typeof answerSubmissions.$inferInsert;

export async function insertSubmission(db: Executor, values: NewSubmission): Promise<void> {
  await db.insert(answerSubmissions).values(values);
}

export interface SubmissionFilter {
  learnerId?: string;
  /** Part of the learner's username. */
  username?: string;
  itemId?: string;
  /** Part of the item's title. */
  itemTitle?: string;
  correct?: boolean;
  fingerprint?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Rows written up to this time (an export's snapshot). */
  through?: Date;
}

const s = answerSubmissions;
const owner = alias(users, 'owner');

function where(filter: SubmissionFilter): SQL | undefined {
  return and(
    filter.learnerId ? eq(s.userId, filter.learnerId) : undefined,
    filter.username ? ilike(users.username, containing(filter.username)) : undefined,
    filter.itemId ? eq(s.itemId, filter.itemId) : undefined,
    filter.itemTitle ? ilike(s.itemTitle, containing(filter.itemTitle)) : undefined,
    filter.correct === undefined ? undefined : eq(s.correct, filter.correct),
    filter.fingerprint ? eq(s.fingerprint, filter.fingerprint) : undefined,
    filter.from ? gte(s.at, filter.from) : undefined,
    filter.to ? lt(s.at, filter.to) : undefined,
    filter.through ? lte(s.at, filter.through) : undefined,
  );
}

const columns = {
  id: s.id,
  at: s.at,
  userId: s.userId,
  username: users.username,
  itemType: s.itemType,
  itemId: s.itemId,
  itemTitle: s.itemTitle,
  step: s.step,
  correct: s.correct,
  fingerprint: s.fingerprint,
  ip: s.ip,
  sharedOwnerId: s.sharedOwnerId,
  sharedOwnerUsername: owner.username,
  // How many learners sent the same wrong answer to the item (the item and fingerprint index).
  sameAnswerLearners: sql<number>`case when ${s.fingerprint} is null then 0 else (
      select count(distinct other.user_id) from answer_submissions other
      where other.item_id = ${s.itemId} and other.fingerprint = ${s.fingerprint}) end`.mapWith(Number),
  // The quick solve the platform recorded with this solve (same learner, item and time).
  quickSolveId: quickSolves.id,
  labOpenedAt: quickSolves.labOpenedAt,
  learnerQuickSolves: sql<number>`case when ${quickSolves.id} is null then 0 else (
      select count(*) from quick_solves mine where mine.user_id = ${s.userId}) end`.mapWith(Number),
};

function selectRows(db: Executor) {
  return db
    .select(columns)
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .leftJoin(owner, eq(owner.id, s.sharedOwnerId))
    .leftJoin(
      quickSolves,
      and(
        s.correct,
        eq(quickSolves.userId, s.userId),
        eq(quickSolves.itemId, s.itemId),
        eq(quickSolves.solvedAt, s.at),
      ),
    );
}

/** Newest first. */
export function listSubmissions(db: Executor, filter: SubmissionFilter, window: PageWindow) {
  return selectRows(db).where(where(filter)).orderBy(desc(s.at), desc(s.id)).limit(window.limit).offset(window.offset);
}

export type SubmissionRow = Awaited<ReturnType<typeof listSubmissions>>[number];

export async function countSubmissions(db: Executor, filter: SubmissionFilter): Promise<number> {
  const query = db.select({ n: count() }).from(s);
  const [row] = await (filter.username ? query.innerJoin(users, eq(users.id, s.userId)) : query).where(where(filter));
  return row?.n ?? 0;
}

/** Up to `limit` rows after `after` in the order newest first (an export's batches). */
export function submissionsBatch(
  db: Executor,
  filter: SubmissionFilter,
  after: { at: Date; id: string } | null,
  limit: number,
) {
  const next = after
    ? sql`(${s.at}, ${s.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return selectRows(db)
    .where(and(where(filter), next))
    .orderBy(desc(s.at), desc(s.id))
    .limit(limit);
}

export async function accountExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** A quiz or a challenge has this id, or the log names it (an item a re-import removed). */
export async function itemExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${moduleItems} where ${moduleItems.id} = ${id} and ${moduleItems.kind} = 'quiz')
          or exists (select 1 from ${challenges} where ${challenges.id} = ${id})
          or exists (select 1 from ${s} where ${s.itemId} = ${id}) as found`,
  );
  return row?.found === true;
}

/** When migration 0023 began the log; null when its record is missing. */
export async function recordedSince(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: recordStarts.startedAt })
    .from(recordStarts)
    .where(eq(recordStarts.record, 'answer_submissions'));
  return row?.at ?? null;
}
