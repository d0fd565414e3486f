import { randomUUID } from 'node:crypto';
import type { LearnerSolve, SolveKind } from '@bastion/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@bastion/db';
import { insertLedgerRow } from '../gamification/points.repository.ts';
import { awardPeriodKeys } from '../../lib/leaderboard-periods.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Takes points off the learner's leaderboard totals: `amounts` maps a period key to the points to take. A
 * total never goes below zero, and one that reaches zero leaves the board (as a learner with no points in a
 * period is not on it). Periods no longer stored are skipped. The counts' trigger records every change.
 */
export async function lowerScores(tx: Executor, userId: string, amounts: Map<string, number>): Promise<void> {
  if (amounts.size === 0) return;
  const keys = [...amounts.keys()];
  const points = keys.map((key) => amounts.get(key)!);
  await tx.execute(sql`
    with d(key, points) as (select * from unnest(${sql.param(keys)}::text[], ${sql.param(points)}::int[])),
    gone as (
      delete from leaderboard_scores s using d
      where s.period_key = d.key and s.user_id = ${userId}::uuid and s.points <= d.points returning 1)
    update leaderboard_scores s set points = s.points - d.points from d
    where s.period_key = d.key and s.user_id = ${userId}::uuid and s.points > d.points`);
}

/** The points awarded at each time, summed per period key they counted towards. */
export function periodAmounts(awards: { points: number; at: Date }[]): Map<string, number> {
  const amounts = new Map<string, number>();
  for (const award of awards) {
    if (award.points <= 0) continue;
    for (const key of awardPeriodKeys(award.at)) amounts.set(key, (amounts.get(key) ?? 0) + award.points);
  }
  return amounts;
}

/** The learner's total, taking their row lock until the transaction ends (their awards wait for it). */
export async function lockedTotal(tx: Executor, userId: string): Promise<number> {
  const [row] = rowsOf<{ points: number }>(
    await tx.execute(sql`select points from users where id = ${userId}::uuid for no key update`),
  );
  return Number(row?.points ?? 0);
}

/** Lowers the learner's total by `points`, never below zero; returns the new total. */
export async function lowerTotal(tx: Executor, userId: string, points: number): Promise<number> {
  const [row] = rowsOf<{ points: number }>(
    await tx.execute(sql`
      update users set points = greatest(points - ${points}::int, 0) where id = ${userId}::uuid returning points`),
  );
  return Number(row?.points ?? 0);
}

/**
 * An operator's award or deduction in the learner's points history; null when `sourceId` was used already (an
 * item's solve is reversed once: `removed:<kind>:<id>`). Without one, each adjustment is its own.
 */
export function insertAdjustment(
  tx: Executor,
  input: { userId: string; points: number; reason: string; sourceId?: string },
  now: Date,
) {
  const { sourceId = randomUUID(), ...rest } = input;
  return insertLedgerRow(tx, { ...rest, sourceType: 'adjustment', sourceId, createdAt: now });
}

/** What a removal took back from an item's awards (a negative number, or 0), for `solvesOf`. */
const taken = (userId: string, kind: SQL, itemId: SQL) => sql`coalesce((select r.points from points_ledger r
  where r.user_id = ${userId}::uuid and r.source_type = 'adjustment'
    and r.source_id = 'removed:' || ${kind} || ':' || ${itemId}::text), 0)`;

/**
 * The challenges (any step solved) and quizzes the learner solved, newest first, with the points each earned (less
 * what a removal took back: solved again after one, an item earns nothing more).
 */
export async function solvesOf(db: Executor, userId: string): Promise<LearnerSolve[]> {
  const result = await db.execute(sql`
    select 'challenge' as kind, c.id::text as id, c.title,
      (coalesce((select sum(l.points) from points_ledger l join challenge_steps each on each.id::text = l.source_id
         where l.user_id = ${userId}::uuid and l.source_type = 'challenge_step' and each.challenge_id = c.id), 0)
       + ${taken(userId, sql`'challenge'`, sql`c.id`)})::int as points,
      max(sp.solved_at) as solved_at
    from step_progress sp
    join challenge_steps st on st.id = sp.step_id
    join challenges c on c.id = st.challenge_id
    where sp.user_id = ${userId}::uuid and sp.solved_at is not null
    group by c.id, c.title
    union all
    select 'quiz', mi.id::text, mi.title, (coalesce(l.points, 0) + ${taken(userId, sql`'quiz'`, sql`mi.id`)})::int,
      ip.completed_at
    from item_progress ip
    join module_items mi on mi.id = ip.item_id and mi.kind = 'quiz'
    left join points_ledger l on l.user_id = ip.user_id and l.source_type = 'quiz' and l.source_id = ip.item_id::text
    where ip.user_id = ${userId}::uuid and ip.completed_at is not null
    order by solved_at desc, id
    limit 500`);
  return rowsOf<{ kind: SolveKind; id: string; title: string; points: number; solved_at: Date | string }>(result).map(
    (row) => ({ ...row, points: Number(row.points), solved_at: new Date(row.solved_at).toISOString() }),
  );
}

export interface RemovedSolve {
  title: string;
  /** Where the learner finds the item again. */
  link: string;
  /** The solves' awards in the ledger: what they were worth and when they were awarded. */
  awards: { points: number; at: Date }[];
}

/**
 * Reopens the learner's solves of a challenge (every step) or a quiz: the steps or the quiz are open again and
 * the challenge's completion (and first blood) is gone. Answers what the solves were awarded (the ledger keeps
 * those rows: it is append-only). Null when the item is unknown or they have not solved it.
 */
export async function undoSolves(tx: Executor, userId: string, kind: SolveKind, itemId: string) {
  return kind === 'challenge' ? undoChallenge(tx, userId, itemId) : undoQuiz(tx, userId, itemId);
}

type Award = { points: number; created_at: Date | string };
const toAwards = (rows: Award[]) => rows.map((row) => ({ points: Number(row.points), at: new Date(row.created_at) }));

async function undoChallenge(tx: Executor, userId: string, challengeId: string): Promise<RemovedSolve | null> {
  const [challenge] = rowsOf<{ title: string }>(
    await tx.execute(sql`select title from challenges where id = ${challengeId}::uuid`),
  );
  if (!challenge) return null;
  const steps = sql`select id from challenge_steps where challenge_id = ${challengeId}::uuid`;
  const reopened = rowsOf<{ step_id: string }>(
    await tx.execute(sql`
      update step_progress set solved_at = null, points_awarded = null
      where user_id = ${userId}::uuid and solved_at is not null and step_id in (${steps}) returning step_id`),
  );
  if (reopened.length === 0) return null;
  await tx.execute(sql`
    update challenge_attempts set completed_at = null, points_earned = 0, first_blood = false
    where user_id = ${userId}::uuid and challenge_id = ${challengeId}::uuid`);
  const awards = rowsOf<Award>(
    await tx.execute(sql`
      select points, created_at from points_ledger where user_id = ${userId}::uuid and source_type = 'challenge_step'
        and source_id in (select id::text from challenge_steps where challenge_id = ${challengeId}::uuid)`),
  );
  return { title: challenge.title, link: `/challenges/${challengeId}`, awards: toAwards(awards) };
}

async function undoQuiz(tx: Executor, userId: string, itemId: string): Promise<RemovedSolve | null> {
  const [quiz] = rowsOf<{ title: string; module_id: string }>(
    await tx.execute(sql`
      update item_progress ip set completed_at = null, first_try = false
      from module_items mi
      where mi.id = ip.item_id and mi.kind = 'quiz' and ip.item_id = ${itemId}::uuid
        and ip.user_id = ${userId}::uuid and ip.completed_at is not null
      returning mi.title, mi.module_id`),
  );
  if (!quiz) return null;
  const awards = rowsOf<Award>(
    await tx.execute(sql`
      select points, created_at from points_ledger
      where user_id = ${userId}::uuid and source_type = 'quiz' and source_id = ${itemId}`),
  );
  return { title: quiz.title, link: `/courses/module/${quiz.module_id}/lessons`, awards: toAwards(awards) };
}
