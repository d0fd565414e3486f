import { visible } from '../content/effective-content.ts';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { challenges, labStarts, moduleItems, rowsOf, type Executor } from '@bastion/db';
import type { LabStartKind } from '@bastion/contract';

export interface Range {
  from: Date;
  to: Date;
  kind: LabStartKind | undefined;
}

export type NewLabStart = typeof labStarts.$inferInsert;

export interface TimingRow {
  starts: number;
  failures: number;
  median_ms: number | null;
  p90_ms: number | null;
}

/** Whether the item is a quiz with a terminal or a challenge with a lab or files, shown to learners. */
export async function labExists(db: Executor, type: 'quiz' | 'challenge', id: string): Promise<boolean> {
  const [row] =
    type === 'quiz'
      ? await db
          .select({ id: moduleItems.id })
          .from(moduleItems)
          .where(
            and(
              eq(moduleItems.id, id),
              eq(moduleItems.kind, 'quiz'),
              visible(moduleItems.id, moduleItems.hidden),
              sql`${moduleItems.terminal} is not null`,
            ),
          )
          .limit(1)
      : await db
          .select({ id: challenges.id })
          .from(challenges)
          .where(
            and(
              eq(challenges.id, id),
              visible(challenges.id, challenges.hidden),
              sql`(${challenges.lab} is not null or jsonb_array_length(${challenges.attachments}) > 0)`,
            ),
          )
          .limit(1);
  return row !== undefined;
}

export async function insertLabStart(db: Executor, row: NewLabStart): Promise<void> {
  await db.insert(labStarts).values(row);
}

/** Deletes the reports made before `before`; answers how many. */
export async function pruneLabStarts(db: Executor, before: Date): Promise<number> {
  const deleted = await db.delete(labStarts).where(lt(labStarts.at, before)).returning({ id: labStarts.id });
  return deleted.length;
}

/** The reports of the range (and kind), as a subquery's conditions. */
const inRange = (range: Range): SQL =>
  and(
    gte(labStarts.at, range.from),
    lt(labStarts.at, range.to),
    range.kind ? eq(labStarts.kind, range.kind) : undefined,
  )!;

/** Starts, failures, and the median and 90th percentile of the start times of those that reached the prompt. */
const timing = (source: string) =>
  sql.raw(
    `count(${source}.at)::int as starts,
   (count(${source}.at) filter (where ${source}.outcome = 'failed'))::int as failures,
   round(percentile_cont(0.5) within group (order by ${source}.duration_ms) filter (where ${source}.outcome = 'ok'))::int as median_ms,
   round(percentile_cont(0.9) within group (order by ${source}.duration_ms) filter (where ${source}.outcome = 'ok'))::int as p90_ms`,
  );

const selected = (range: Range) =>
  sql`select at, item_type, item_id, kind, outcome, duration_ms, stage, reason, browser from ${labStarts}
      where ${inRange(range)}`;

export async function totals(db: Executor, range: Range): Promise<TimingRow> {
  const [row] = await rowsOf<TimingRow>(db, sql`with s as (${selected(range)}) select ${timing('s')} from s`);
  return row!;
}

/** Every UTC day of the range, days without a start included. */
export function perDay(db: Executor, range: Range) {
  return rowsOf<TimingRow & { day: string }>(
    db,
    sql`with s as (${selected(range)}),
        days as (select generate_series(${range.from.toISOString()}::timestamptz,
                                        ${range.to.toISOString()}::timestamptz - interval '1 day',
                                        interval '24 hours') as start)
        select to_char(days.start at time zone 'UTC', 'YYYY-MM-DD') as day, ${timing('s')}
        from days left join s on s.at >= days.start and s.at < days.start + interval '24 hours'
        group by days.start order by days.start`,
  );
}

/** The range's starts grouped by one column (`kind`, `browser`) or by lab. */
export function grouped<K extends 'kind' | 'browser' | 'item'>(db: Executor, range: Range, by: K) {
  const keys = by === 'item' ? sql.raw('s.item_type, s.item_id') : sql.raw(`s.${by}`);
  return rowsOf<TimingRow & (K extends 'item' ? { item_type: string; item_id: string } : Record<K, string>)>(
    db,
    sql`with s as (${selected(range)}) select ${keys}, ${timing('s')} from s group by ${keys} order by ${keys}`,
  );
}

export function failuresByStage(db: Executor, range: Range) {
  return rowsOf<{ stage: string; reason: string; count: number }>(
    db,
    sql`with s as (${selected(range)})
        select s.stage, s.reason, count(*)::int as count from s where s.outcome = 'failed'
        group by s.stage, s.reason order by count desc, s.stage, s.reason`,
  );
}

/** Each lab's newest failure in the range. */
export function lastFailures(db: Executor, range: Range) {
  return db
    .selectDistinctOn([labStarts.itemId], {
      itemId: labStarts.itemId,
      at: labStarts.at,
      stage: labStarts.stage,
      reason: labStarts.reason,
    })
    .from(labStarts)
    .where(and(inRange(range), eq(labStarts.outcome, 'failed')))
    .orderBy(labStarts.itemId, desc(labStarts.at));
}

/** The current titles of these quizzes and challenges (hidden ones too). */
export async function titlesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const [quizzes, found] = await Promise.all([
    db.select({ id: moduleItems.id, title: moduleItems.title }).from(moduleItems).where(inArray(moduleItems.id, ids)),
    db.select({ id: challenges.id, title: challenges.title }).from(challenges).where(inArray(challenges.id, ids)),
  ]);
  return new Map([...quizzes, ...found].map((row) => [row.id, row.title]));
}
