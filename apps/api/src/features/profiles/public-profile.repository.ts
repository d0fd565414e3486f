import { visibleAs } from '../content/effective-content.ts';
import { eq, sql } from 'drizzle-orm';
import { users, type Executor } from '@bastion/db';
import { standingColumns } from '../gamification/standing.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The account behind a public profile, with what decides whether it may be shown. Nothing else is read. */
export async function findOwner(db: Executor, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      photoId: users.photoId,
      country: users.country,
      bio: users.bio,
      dateJoined: users.dateJoined,
      isActive: users.isActive,
      isVerified: users.isVerified,
      publicProfile: users.publicProfile,
      ...standingColumns,
    })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row ?? null;
}
export type Owner = NonNullable<Awaited<ReturnType<typeof findOwner>>>;

export interface CompletedChallengeRow {
  id: string;
  challenge_id: string;
  slug: string;
  title: string;
  category: string;
  difficulty: 'easy' | 'medium' | 'hard';
  completed_at: Date | string;
  points_earned: number;
  first_blood: boolean;
}

/** The owner's completed runs of visible challenges, newest first (bounded by the catalogue's size). */
export async function completedChallenges(db: Executor, userId: string): Promise<CompletedChallengeRow[]> {
  const result = await db.execute(sql`
    select ca.id, c.id as challenge_id, c.slug, c.title, c.category, c.difficulty, ca.completed_at,
      ca.points_earned, ca.first_blood
    from challenge_attempts ca join challenges c on c.id = ca.challenge_id and ${visibleAs('c')}
    where ca.user_id = ${userId} and ca.completed_at is not null
    order by ca.completed_at desc, ca.id`);
  return rowsOf<CompletedChallengeRow>(result);
}

export interface ModuleStatRow {
  id: string;
  slug: string;
  title: string;
  difficulty: 'easy' | 'medium' | 'hard';
  course_id: string;
  course_slug: string;
  course_title: string;
  items_total: number;
  items_completed: number;
  completion_id: string | null;
  completed_at: Date | string | null;
}

/** The owner's enrolled visible modules with progress, most recently active first. */
export async function moduleStats(
  db: Executor,
  userId: string,
  window: { limit: number; offset: number },
): Promise<ModuleStatRow[]> {
  const result = await db.execute(sql`
    select m.id, m.slug, m.title, m.difficulty, c.id as course_id, c.slug as course_slug, c.title as course_title,
      counts.total as items_total, counts.done as items_completed, mc.id as completion_id, mc.completed_at
    from module_enrollments me
    join modules m on m.id = me.module_id and ${visibleAs('m')}
    join courses c on c.id = m.course_id and ${visibleAs('c')}
    left join module_completions mc on mc.user_id = me.user_id and mc.module_id = m.id
    cross join lateral (
      select count(*)::int as total, (count(*) filter (where ip.completed_at is not null))::int as done
      from module_items mi
      left join item_progress ip on ip.item_id = mi.id and ip.user_id = me.user_id
      where mi.module_id = m.id and ${visibleAs('mi')}) counts
    where me.user_id = ${userId}
    order by me.last_activity_at desc, m.id
    limit ${window.limit}::int offset ${window.offset}::int`);
  return rowsOf<ModuleStatRow>(result).map((row) => ({
    ...row,
    items_total: Number(row.items_total),
    items_completed: Number(row.items_completed),
  }));
}

export async function countModuleStats(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n
    from module_enrollments me
    join modules m on m.id = me.module_id and ${visibleAs('m')}
    join courses c on c.id = m.course_id and ${visibleAs('c')}
    where me.user_id = ${userId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
