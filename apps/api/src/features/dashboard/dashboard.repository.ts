import { visibleAs } from '../content/effective-content.ts';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { dailyActivity, rowsOf, users, type Executor } from '@bastion/db';
import { listLedger } from '../gamification/points.repository.ts';
import { standingColumns } from '../gamification/standing.ts';

/** The learner's points and streak columns. */
export async function findStanding(db: Executor, userId: string) {
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
export type Standing = NonNullable<Awaited<ReturnType<typeof findStanding>>>;

export interface ModuleInProgress {
  id: string;
  slug: string;
  title: string;
  summary: string;
  image: string | null;
  difficulty: 'easy' | 'medium' | 'hard';
  course_id: string;
  course_slug: string;
  course_title: string;
  items_total: number;
  items_completed: number;
  last_activity: Date;
}

/** Visible modules the learner is enrolled in and has not completed, most recent activity first. */
export async function modulesInProgress(db: Executor, userId: string, limit: number): Promise<ModuleInProgress[]> {
  const rows = await rowsOf<ModuleInProgress & { last_activity: Date | string }>(
    db,
    sql`
    select m.id, m.slug, m.title, m.summary, m.image, m.difficulty,
      c.id as course_id, c.slug as course_slug, c.title as course_title,
      counts.total as items_total, counts.done as items_completed, me.last_activity_at as last_activity
    from module_enrollments me
    join modules m on m.id = me.module_id and ${visibleAs('m')}
    join courses c on c.id = m.course_id and ${visibleAs('c')}
    cross join lateral (
      select count(*)::int as total, (count(*) filter (where ip.completed_at is not null))::int as done
      from module_items mi
      left join item_progress ip on ip.item_id = mi.id and ip.user_id = me.user_id
      where mi.module_id = m.id and ${visibleAs('mi')}) counts
    where me.user_id = ${userId}
      and not exists (select 1 from module_completions mc where mc.user_id = me.user_id and mc.module_id = m.id)
    order by me.last_activity_at desc, m.id
    limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    items_total: Number(row.items_total),
    items_completed: Number(row.items_completed),
    last_activity: new Date(row.last_activity),
  }));
}

export function recentLedger(db: Executor, userId: string, limit: number) {
  return listLedger(db, userId, { limit, offset: 0 });
}

/** Days with points between `from` and `to` (YYYY-MM-DD, inclusive), oldest first. */
export function activityBetween(db: Executor, userId: string, from: string, to: string) {
  return db
    .select({ day: dailyActivity.day, points: dailyActivity.points })
    .from(dailyActivity)
    .where(and(eq(dailyActivity.userId, userId), gte(dailyActivity.day, from), lte(dailyActivity.day, to)))
    .orderBy(asc(dailyActivity.day));
}
