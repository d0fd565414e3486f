// docs/leaderboard.md, "Exact ranks, kept by the database": counts kept by triggers, and marks kept by the fold.
import { DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@bastion/db';

/** An arbitrary constant: one compaction pass at a time across every instance. */
const COMPACTION_LOCK_ID = 724_311_907;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface BoardRow {
  points: number;
  username: string;
  photo_id: string | null;
  country: string;
  streak: number;
  last_active_day: string | null;
  timezone: string;
  profile_public: boolean;
}

export interface BoardSnapshot {
  /** Eligible learners with points in the period. */
  total: number;
  /** The learner's points and rank in the period; null when they have no points in it. */
  me: { points: number; rank: number } | null;
  /** `limit` learners in board order from the 0-based position `offset`. */
  rows: BoardRow[];
}

/** A board row's learner columns, from `users u` (the frozen board reads the same). */
export const boardUserColumns = sql`u.username, u.photo_id, u.country, u.streak,
  u.last_active_day::text as last_active_day, u.timezone,
  coalesce((u.public_profile ->> 'is_public')::boolean, ${DEFAULT_PUBLIC_PROFILE_SETTINGS.is_public}) as profile_public`;

type RawBoardRow = { [K in keyof BoardRow]: BoardRow[K] | null };

export function toBoardRow(row: RawBoardRow): BoardRow {
  return {
    points: Number(row.points),
    username: row.username!,
    photo_id: row.photo_id,
    country: row.country!,
    streak: Number(row.streak),
    last_active_day: row.last_active_day,
    timezone: row.timezone!,
    profile_public: row.profile_public === true,
  };
}

/** The per-total counts of a period with their pending deltas folded in, as a CTE body. */
const merged = (key: string) => sql`
  select points, learners as n from leaderboard_counts where period_key = ${key}
  union all
  select points, delta from leaderboard_count_deltas where period_key = ${key}`;

/** One mark every this many learners of a group of equal totals (migration 0018 builds them with the same). */
export const MARK_EVERY = 64;

// Decision 0169: the standing is a PL/pgSQL function, planned once per connection (not prepared statements).
/**
 * The learner's points and exact rank in a period (no row when they have none in it), as a statement
 * body: the function `leaderboard_standing` of migration 0018. Rank = 1 + the learners with a higher
 * total + the learners of the same total ahead in tie order (earlier `reached_at`, then user id), each
 * from what the last fold kept plus the deltas pending since:
 *
 * - higher totals: the `ahead + learners` of the next total up in the counts (one row), plus the pending
 *   deltas of higher totals;
 * - ties: the nearest mark at or before the learner (its position), plus the group's pending deltas
 *   before that mark, plus an index-only count from the mark to the learner (at most 2 × MARK_EVERY
 *   entries, more only where learners arrived since the fold).
 *
 * One statement, so it sees either a fold or the deltas it folded, never both. A PL/pgSQL function so
 * that each connection plans it once: planned on every call, planning cost twice what running it does.
 */
const standingOf = (key: string, userId: string) =>
  sql`select points, rank from leaderboard_standing(${key}, ${userId}::uuid)`;

/**
 * The period's size, the learner's exact rank and one page, in one statement (one snapshot, one round trip).
 *
 * The rank is `standingOf`'s. A page past the first starts from the total its first row holds, found by a
 * running sum over the per-total counts, so a deep page skips at most one group of equal totals, never the
 * learners above.
 */
export async function boardSnapshot(
  db: Executor,
  key: string,
  userId: string,
  window: { offset: number; limit: number },
): Promise<BoardSnapshot> {
  // Page 1 reads the top of the index; a deeper page first finds the total its first row holds, then
  // reads only the index from there. Ids first (index-only), users joined for the page's rows alone.
  const deep = window.offset > 0;
  const start = deep
    ? sql`, start as materialized (
        select points, ${window.offset}::int - (upto - n) as skip
        from (select points, sum(n)::int as n, (sum(sum(n)) over (order by points desc))::int as upto
              from merged group by points) totals
        where upto > ${window.offset}::int order by points desc limit 1)`
    : sql``;
  const result = await db.execute(sql`
    with merged as (${merged(key)}),
    me as (${standingOf(key, userId)}),
    meta as materialized (
      select (select coalesce(sum(n), 0)::int from merged) as total, me.points as me_points, me.rank as me_rank
      from (select 1) one left join me on true)
    ${start},
    ids as materialized (
      select s.points, s.reached_at, s.user_id from leaderboard_scores s
      where s.period_key = ${key} and s.eligible
        ${deep ? sql`and s.points <= (select points from start)` : sql``}
      order by s.points desc nulls last, s.reached_at, s.user_id
      offset ${deep ? sql`(select skip from start)` : sql`0`} limit ${window.limit}::int),
    page as (
      select ids.points, ids.reached_at, ids.user_id, ${boardUserColumns}
      from ids join users u on u.id = ids.user_id)
    select meta.total, meta.me_points, meta.me_rank, page.*
    from meta left join page on true
    order by page.points desc nulls last, page.reached_at, page.user_id`);
  const rows = rowsOf<{ total: number; me_points: number | null; me_rank: number | null } & RawBoardRow>(result);
  const first = rows[0]!;
  return {
    total: Number(first.total),
    me: first.me_points === null ? null : { points: Number(first.me_points), rank: Number(first.me_rank) },
    rows: rows.filter((row) => row.username !== null).map(toBoardRow),
  };
}

/** The learner's points and exact rank in a period (null before their first point in it), one small statement. */
export async function standing(db: Executor, key: string, userId: string): Promise<BoardSnapshot['me']> {
  const [row] = rowsOf<{ points: number; rank: number }>(await db.execute(standingOf(key, userId)));
  return row ? { points: Number(row.points), rank: Number(row.rank) } : null;
}

/** The learner's exact rank in a period (null before their first point in it), as the board shows it. */
export async function rankOf(db: Executor, key: string, userId: string): Promise<number | null> {
  return (await standing(db, key, userId))?.rank ?? null;
}

/**
 * Folds pending deltas into the per-total counts and brings the marks of every group of equal totals whose
 * deltas it folds up to date, in one statement, so a reader sees either the deltas or their sum, and marks
 * that agree with whichever it sees. The groups are those of the first `batch` deltas; all of their deltas
 * are folded (the scores, as the statement sees them, include every one).
 *
 * Marks are keys, not learners: a mark's position is how many of the group are before its key, whether its
 * learner is still there or not. So the fold moves each mark by the group's deltas before it (a running sum
 * over the marks and deltas in key order) without reading the group. It reads learners only where marks
 * have grown more than 2 × MARK_EVERY apart (arrivals, mostly at a group's end), marking every MARK_EVERY
 * there, and drops every other mark where two gaps together hold MARK_EVERY or fewer: a reader counts at
 * most 2 × MARK_EVERY entries from a mark. One instance at a time (advisory lock); returns how many deltas
 * were folded.
 */
export async function compactCounts(db: Db, batch = 200_000): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${COMPACTION_LOCK_ID}) as ok`),
    );
    if (!lock?.ok) return 0;
    const result = await tx.execute(sql`
      with groups as materialized (
        select distinct period_key, points
        from (select period_key, points from leaderboard_count_deltas order by id limit ${batch}::int) first),
      moved as (
        delete from leaderboard_count_deltas d using groups g
        where d.period_key = g.period_key and d.points = g.points
        returning d.period_key, d.points, d.reached_at, d.user_id, d.delta),
      summed as (
        select period_key, points, sum(delta)::int as delta, count(*)::int as folded
        from moved group by period_key, points),
      totals as materialized (
        select period_key, points, sum(n)::int as learners
        from (select c.period_key, c.points, c.learners as n from leaderboard_counts c
              where c.period_key in (select period_key from groups)
              union all
              select period_key, points, delta from summed) both_sides
        group by period_key, points),
      upserted as (
        insert into leaderboard_counts as c (period_key, points, learners, ahead)
        select period_key, points, learners,
          (coalesce(sum(learners) over (partition by period_key order by points desc
            rows between unbounded preceding and 1 preceding), 0))::int
        from totals where learners <> 0
        on conflict (period_key, points) do update set learners = excluded.learners, ahead = excluded.ahead
        where (c.learners, c.ahead) is distinct from (excluded.learners, excluded.ahead)),
      emptied as (
        delete from leaderboard_counts c using totals t
        where c.period_key = t.period_key and c.points = t.points and t.learners = 0),
      sizes as materialized (
        select g.period_key, g.points, t.learners from groups g
        join totals t on t.period_key = g.period_key and t.points = g.points),
      shifted as materialized (
        -- Each mark moved by the deltas before its key; a delta at the mark's own key is its learner, not before it.
        select period_key, points, reached_at, user_id, old_position, (old_position + shift)::int as position
        from (select e.*, sum(e.delta) over (partition by e.period_key, e.points
                order by e.reached_at, e.user_id, e.is_mark desc rows between unbounded preceding and current row)
                as shift
              from (select m.period_key, m.points, m.reached_at, m.user_id, 0 as delta, m.position as old_position,
                      true as is_mark
                    from leaderboard_marks m join groups g on g.period_key = m.period_key and g.points = m.points
                    union all
                    select period_key, points, reached_at, user_id, delta, null, false from moved) e) running
        where is_mark),
      ordered as materialized (
        select s.period_key, s.points, s.reached_at, s.user_id, s.position,
          row_number() over w as nth, lag(s.position) over w as previous_position,
          lead(s.reached_at) over w as next_at, lead(s.user_id) over w as next_id, lead(s.position) over w as next_position
        from shifted s
        window w as (partition by s.period_key, s.points order by s.reached_at, s.user_id)),
      spans as materialized (
        -- From each mark to the next (or the group's end), and from the group's start to its first mark.
        select o.period_key, o.points, false as head, o.reached_at as lo_at, o.user_id as lo_id,
          coalesce(o.next_at, 'infinity'::timestamptz) as hi_at,
          coalesce(o.next_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid) as hi_id,
          o.position as base, coalesce(o.next_position, z.learners) - o.position as gap,
          coalesce(o.previous_position, 0) as previous, coalesce(o.next_position, z.learners) as next, o.nth
        from ordered o join sizes z on z.period_key = o.period_key and z.points = o.points
        where z.learners > 0
        union all
        -- (an aggregate, not a join: the planner cannot count a CTE's rows and would loop over one per group)
        select period_key, points, true, '-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid,
          coalesce(max(first_at), 'infinity'::timestamptz),
          coalesce(max(first_id)::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid), 0,
          coalesce(max(first_position), max(learners)), null, null, 0
        from (select period_key, points, learners, null::timestamptz as first_at, null::text as first_id,
                null::int as first_position
              from sizes where learners > 0
              union all
              select period_key, points, null, reached_at, user_id::text, position from ordered where nth = 1) heads
        group by period_key, points
        having max(learners) > 0),
      split as (
        select p.period_key, p.points, x.reached_at, x.user_id, (p.base + x.rn - 1)::int as position
        from spans p cross join lateral (
          select s.reached_at, s.user_id, row_number() over (order by s.reached_at, s.user_id) as rn
          from leaderboard_scores s
          where s.period_key = p.period_key and s.points = p.points and s.eligible
            and (s.reached_at, s.user_id) >= (p.lo_at, p.lo_id) and (s.reached_at, s.user_id) < (p.hi_at, p.hi_id)) x
        where p.gap > ${2 * MARK_EVERY}::int and (x.rn - 1) % ${MARK_EVERY}::int = 0 and (p.head or x.rn > 1)),
      sparse as (
        -- Every other mark whose two gaps together hold MARK_EVERY or fewer (never two neighbours at once).
        select period_key, points, reached_at, user_id from (
          select period_key, points, lo_at as reached_at, lo_id as user_id, nth, next - previous as around
          from spans where not head) x
        where nth % 2 = 0 and around <= ${MARK_EVERY}::int),
      dropped as (
        delete from leaderboard_marks m
        using (select g.period_key, g.points, null::timestamptz as reached_at, null::uuid as user_id
               from sizes g where g.learners = 0
               union all select * from sparse) d
        where m.period_key = d.period_key and m.points = d.points
          and (d.reached_at is null or (m.reached_at = d.reached_at and m.user_id = d.user_id))),
      updated as (
        update leaderboard_marks m set position = s.position
        from shifted s
        join sizes z on z.period_key = s.period_key and z.points = s.points and z.learners > 0
        where m.period_key = s.period_key and m.points = s.points and m.reached_at = s.reached_at
          and m.user_id = s.user_id and s.position <> s.old_position
          and not exists (select 1 from sparse x where x.period_key = s.period_key and x.points = s.points
                          and x.reached_at = s.reached_at and x.user_id = s.user_id)),
      added as (
        insert into leaderboard_marks (period_key, points, reached_at, user_id, position)
        select period_key, points, reached_at, user_id, position from split)
      select coalesce(sum(folded), 0)::int as folded from summed`);
    return Number(rowsOf<{ folded: number }>(result)[0]?.folded ?? 0);
  });
}

/**
 * Reclaims the folded deltas' space and refreshes the planner's view of the table at once: right after a
 * large fold the table is mostly dead rows, and a reader that scanned them would pay for every one.
 */
export async function vacuumDeltas(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze leaderboard_count_deltas`);
}

/** The distinct period keys stored, by a skip scan of the primary key (one probe per key). */
export async function storedPeriodKeys(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive keys(key) as (
      (select period_key from leaderboard_scores order by period_key limit 1)
      union all
      select (select period_key from leaderboard_scores where period_key > keys.key order by period_key limit 1)
      from keys where keys.key is not null)
    select key from keys where key is not null
    union
    select distinct period_key from leaderboard_counts`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

/** Deletes up to `batch` scores of an ended period; once none is left, its counts, deltas and marks too. */
export async function pruneBatch(db: Executor, key: string, batch = 10_000): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from leaderboard_scores where period_key = ${key} and user_id in (
        select user_id from leaderboard_scores where period_key = ${key} limit ${batch}::int)
      returning 1)
    select count(*)::int as n from gone`);
  const deleted = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  if (deleted < batch) {
    await db.execute(sql`delete from leaderboard_count_deltas where period_key = ${key}`);
    await db.execute(sql`delete from leaderboard_counts where period_key = ${key}`);
    await db.execute(sql`delete from leaderboard_marks where period_key = ${key}`);
  }
  return deleted;
}
