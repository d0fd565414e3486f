// docs/leaderboard.md, "Freezing, hiding and corrections": a frozen copy, corrections through the scores.
import type { LeaderboardPeriod, ScoreboardStatus } from '@bastion/contract';
import { LEADERBOARD_PERIODS } from '@bastion/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { scoreboardFrozenScores, scoreboardState, type Executor, type ScoreboardMode } from '@bastion/db';
import { boardUserColumns, toBoardRow, type BoardSnapshot } from './leaderboard.repository.ts';
import { periodKey } from '../../lib/leaderboard-periods.ts';

const SCOPE = 'leaderboard';
/** An arbitrary constant, apart from the leaderboard compaction's. */
const STATE_LOCK_ID = 724_311_908;
export const LIVE: ScoreboardStatus = { mode: 'live', since: null, until: null };

/** The leaderboard's state at `now`: a freeze or hiding whose end has passed is live. */
export async function readStatus(db: Executor, now: Date): Promise<ScoreboardStatus> {
  const [row] = await db.select().from(scoreboardState).where(eq(scoreboardState.scope, SCOPE));
  if (!row || (row.endsAt && row.endsAt <= now)) return LIVE;
  return { mode: row.mode, since: row.since.toISOString(), until: row.endsAt?.toISOString() ?? null };
}

/**
 * Sets the state. Freezing a board that is not frozen at `now` keeps each period's ranked learners as
 * they stand (the month and week holding `now`); staying frozen only moves the end; live or hidden drops the copy.
 */
export async function writeStatus(
  tx: Executor,
  input: { mode: ScoreboardMode | 'live'; until: Date | null; by: string | null },
  now: Date,
): Promise<ScoreboardStatus> {
  // One change at a time across instances: two freezes at once would each copy the boards.
  await tx.execute(sql`select pg_advisory_xact_lock(${STATE_LOCK_ID})`);
  const current = await readStatus(tx, now);
  if (input.mode === 'live') {
    await tx.delete(scoreboardState).where(eq(scoreboardState.scope, SCOPE));
    await tx.delete(scoreboardFrozenScores);
    return LIVE;
  }
  const stays = current.mode === input.mode;
  const since = stays ? new Date(current.since!) : now;
  await tx
    .insert(scoreboardState)
    .values({ scope: SCOPE, mode: input.mode, since, endsAt: input.until, setBy: input.by })
    .onConflictDoUpdate({
      target: scoreboardState.scope,
      set: { mode: input.mode, since, endsAt: input.until, setBy: input.by },
    });
  if (input.mode === 'hidden') await tx.delete(scoreboardFrozenScores);
  if (input.mode === 'frozen' && !stays) await freeze(tx, now);
  return { mode: input.mode, since: since.toISOString(), until: input.until?.toISOString() ?? null };
}

/** Copies each period's eligible learners in board order, with their rank, in one statement per period. */
async function freeze(tx: Executor, now: Date): Promise<void> {
  await tx.delete(scoreboardFrozenScores);
  for (const period of LEADERBOARD_PERIODS) {
    await tx.execute(sql`
      insert into scoreboard_frozen_scores (period, rank, user_id, points)
      select ${period}, row_number() over (order by points desc, reached_at, user_id), user_id, points
      from leaderboard_scores where period_key = ${periodKey(period, now)} and eligible`);
  }
}

/** The frozen board of a period: its size, a page of it (by rank) with its learners, and the caller's standing. */
export async function frozenBoard(
  db: Executor,
  period: LeaderboardPeriod,
  userId: string,
  window: { offset: number; limit: number },
): Promise<BoardSnapshot> {
  const [size] = await db
    .select({ total: count() })
    .from(scoreboardFrozenScores)
    .where(eq(scoreboardFrozenScores.period, period));
  const result = await db.execute(sql`
    select f.points, ${boardUserColumns}
    from scoreboard_frozen_scores f join users u on u.id = f.user_id
    where f.period = ${period} and f.rank > ${window.offset}::int and f.rank <= ${window.offset + window.limit}::int
    order by f.rank`);
  const rows = (result as unknown as { rows: Parameters<typeof toBoardRow>[0][] }).rows.map(toBoardRow);
  return { total: Number(size?.total ?? 0), rows, me: await frozenStanding(db, period, userId) };
}

/** The learner's rank and total as at the freeze; null when they were not ranked then. */
export async function frozenStanding(db: Executor, period: LeaderboardPeriod, userId: string) {
  const [row] = await db
    .select({ rank: scoreboardFrozenScores.rank, points: scoreboardFrozenScores.points })
    .from(scoreboardFrozenScores)
    .where(and(eq(scoreboardFrozenScores.period, period), eq(scoreboardFrozenScores.userId, userId)));
  return row ?? null;
}
