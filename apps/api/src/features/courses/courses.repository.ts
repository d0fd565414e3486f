import { visibleAs } from '../content/effective-content.ts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  courseEnrollments,
  itemProgress,
  moduleCompletions,
  moduleEnrollments,
  rowsOf,
  type Executor,
  type StoredLabSecrets,
  type TerminalContent,
} from '@bastion/db';
import type { Access, Difficulty } from '@bastion/contract';

interface LearnerStateColumns {
  enrolled: boolean;
  items_count: number;
  done_count: number;
  completion_id: string | null;
}

export interface CourseRow extends LearnerStateColumns {
  id: string;
  slug: string;
  title: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  access: Access;
  image: string | null;
  minutes: number;
  modules_count: number;
  /** Of its visible items. */
  points: number;
  /** Its visible prerequisite courses, in the authored order. */
  prerequisites: { id: string; slug: string; title: string; skills: string }[];
}

/**
 * Visible courses with the learner's state: visible modules and items, items done, enrollment and
 * completion. Raw SQL because every sub-select binds to the outer `c`; the casts give both drivers numbers.
 */
export function listCourses(db: Executor, userId: string, courseId?: string): Promise<CourseRow[]> {
  return rowsOf<CourseRow>(
    db,
    sql`
    select c.id, c.slug, c.title, c.summary, c.description, c.difficulty, c.access, c.image,
      coalesce(m.minutes, 0)::int as minutes, coalesce(m.modules_count, 0)::int as modules_count,
      coalesce(i.items_count, 0)::int as items_count, coalesce(i.done_count, 0)::int as done_count,
      coalesce(i.points, 0)::int as points,
      exists (select 1 from course_enrollments ce where ce.course_id = c.id and ce.user_id = ${userId}) as enrolled,
      cc.id as completion_id,
      coalesce((
        select jsonb_agg(jsonb_build_object('id', p.id, 'slug', p.slug, 'title', p.title, 'skills', r.need->>'skills')
          order by r.place)
        from jsonb_array_elements(c.prerequisites) with ordinality r(need, place)
        join courses p on p.slug = r.need->>'course' and ${visibleAs('p')}), '[]'::jsonb) as prerequisites
    from courses c
    left join lateral (
      select count(*) as modules_count, sum(vm.minutes) as minutes
      from modules vm where vm.course_id = c.id and ${visibleAs('vm')}) m on true
    left join lateral (
      select count(*) as items_count, count(ip.completed_at) as done_count, sum(vi.points) as points
      from modules vm
      join module_items vi on vi.module_id = vm.id and ${visibleAs('vi')}
      left join item_progress ip on ip.item_id = vi.id and ip.user_id = ${userId} and ip.completed_at is not null
      where vm.course_id = c.id and ${visibleAs('vm')}) i on true
    left join course_completions cc on cc.course_id = c.id and cc.user_id = ${userId}
    where ${visibleAs('c')} ${courseId ? sql`and c.id = ${courseId}` : sql``}
    order by c.position, c.title, c.id`,
  );
}

export interface ModuleRow extends LearnerStateColumns {
  id: string;
  slug: string;
  title: string;
  summary: string;
  difficulty: Difficulty;
  access: Access;
  course_access: Access;
  image: string | null;
  minutes: number;
  position: number;
  course_id: string;
  course_slug: string;
  course_title: string;
  lessons_count: number;
  quizzes_count: number;
  points: number;
  share_seen: boolean | null;
  completed_at: Date | string | null;
  last_activity_at: Date | string | null;
}

export interface ModuleFilter {
  moduleId?: string;
  courseId?: string;
  difficulty?: Difficulty;
  access?: 'all' | 'free' | 'premium' | 'enrolled' | 'completed';
  search?: string;
}

function moduleWhere(userId: string, filter: ModuleFilter): SQL {
  const conditions: SQL[] = [sql`${visibleAs('m')}`, sql`${visibleAs('c')}`];
  if (filter.moduleId) conditions.push(sql`m.id = ${filter.moduleId}`);
  if (filter.courseId) conditions.push(sql`m.course_id = ${filter.courseId}`);
  if (filter.difficulty) conditions.push(sql`m.difficulty = ${filter.difficulty}`);
  if (filter.search) conditions.push(sql`m.search @@ websearch_to_tsquery('english', ${filter.search})`);
  switch (filter.access) {
    case 'free':
      conditions.push(sql`m.access = 'free' and c.access = 'free'`);
      break;
    case 'premium':
      conditions.push(sql`(m.access = 'premium' or c.access = 'premium')`);
      break;
    case 'enrolled':
      conditions.push(sql`me.user_id is not null`);
      break;
    case 'completed':
      conditions.push(sql`mc.id is not null`);
      break;
    default:
      break;
  }
  return sql.join(conditions, sql` and `);
}

const moduleFrom = (userId: string) => sql`
    from modules m
    join courses c on c.id = m.course_id
    left join module_enrollments me on me.module_id = m.id and me.user_id = ${userId}
    left join module_completions mc on mc.module_id = m.id and mc.user_id = ${userId}`;

// Decision 0051: module lists in course then module order, full-text search, progress rounded down.
/** Visible modules (of visible courses) with the learner's state, in course then module order. */
export function listModules(
  db: Executor,
  userId: string,
  filter: ModuleFilter,
  window?: { limit: number; offset: number },
  order: 'content' | 'recent' = 'content',
): Promise<ModuleRow[]> {
  const orderBy =
    order === 'recent'
      ? sql`order by me.last_activity_at desc, m.id`
      : sql`order by c.position, c.title, c.id, m.position, m.id`;
  return rowsOf<ModuleRow>(
    db,
    sql`
    select m.id, m.slug, m.title, m.summary, m.difficulty, m.access, c.access as course_access, m.image,
      m.minutes, m.position, c.id as course_id, c.slug as course_slug, c.title as course_title,
      coalesce(i.lessons_count, 0)::int as lessons_count, coalesce(i.quizzes_count, 0)::int as quizzes_count,
      coalesce(i.items_count, 0)::int as items_count, coalesce(i.done_count, 0)::int as done_count,
      coalesce(i.points, 0)::int as points,
      me.user_id is not null as enrolled, me.last_activity_at,
      mc.id as completion_id, mc.share_seen, mc.completed_at
    ${moduleFrom(userId)}
    left join lateral (
      select count(*) filter (where vi.kind = 'lesson') as lessons_count,
        count(*) filter (where vi.kind = 'quiz') as quizzes_count,
        count(*) as items_count, count(ip.completed_at) as done_count, sum(vi.points) as points
      from module_items vi
      left join item_progress ip on ip.item_id = vi.id and ip.user_id = ${userId} and ip.completed_at is not null
      where vi.module_id = m.id and ${visibleAs('vi')}) i on true
    where ${moduleWhere(userId, filter)}
    ${orderBy}
    ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}`,
  );
}

export async function countModules(db: Executor, userId: string, filter: ModuleFilter): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total ${moduleFrom(userId)} where ${moduleWhere(userId, filter)}`,
  );
  return Number(row?.total ?? 0);
}

export interface ItemRow {
  id: string;
  kind: 'lesson' | 'quiz';
  position: number;
  title: string;
  points: number;
  minutes: number;
  content: string | null;
  question: string | null;
  answers: string[] | null;
  case_sensitive: boolean;
  answer_format: string | null;
  has_terminal: boolean;
  /** The lab's secrets: a solved quiz's answer and explanation are shown with the learner's own values. */
  secrets: StoredLabSecrets | null;
  explanation: string | null;
  hint: string | null;
  hint_cost: number;
  hint_used: boolean;
  completed: boolean;
}

/** The module's visible lessons and quizzes in order, with whether the learner completed each. */
export function listItems(db: Executor, userId: string, moduleId: string): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    db,
    sql`
    select i.id, i.kind, i.position, i.title, i.points, coalesce(i.minutes, 0) as minutes, i.content, i.question, i.answers,
      i.case_sensitive, i.answer_format, i.terminal is not null as has_terminal, i.terminal->'secrets' as secrets,
      i.explanation, i.hint, i.hint_cost, p.hint_taken_at is not null as hint_used,
      p.completed_at is not null as completed
    from module_items i
    left join item_progress p on p.item_id = i.id and p.user_id = ${userId}
    where i.module_id = ${moduleId} and ${visibleAs('i')}
    order by i.position, i.slug`,
  );
}

export interface ItemContext {
  id: string;
  kind: 'lesson' | 'quiz';
  title: string;
  points: number;
  answers: string[] | null;
  case_sensitive: boolean;
  terminal: TerminalContent | null;
  explanation: string | null;
  hint: string | null;
  hint_cost: number;
  module_id: string;
  module_access: Access;
  course_access: Access;
}

/** A visible lesson or quiz (its module and course visible too) with the access of its module and course. */
export async function findVisibleItem(db: Executor, itemId: string): Promise<ItemContext | undefined> {
  const [row] = await rowsOf<ItemContext>(
    db,
    sql`
    select i.id, i.kind, i.title, i.points, i.answers, i.case_sensitive, i.terminal,
      i.explanation, i.hint, i.hint_cost, m.id as module_id, m.access as module_access, c.access as course_access
    from module_items i
    join modules m on m.id = i.module_id
    join courses c on c.id = m.course_id
    where i.id = ${itemId} and ${visibleAs('i')} and ${visibleAs('m')} and ${visibleAs('c')}`,
  );
  return row;
}

/** Visible modules of a visible course, with their access (for enrolling in the course). */
export function courseModuleAccess(db: Executor, courseId: string) {
  return rowsOf<{ id: string; access: Access }>(
    db,
    sql`select m.id, m.access from modules m where m.course_id = ${courseId} and ${visibleAs('m')} order by m.position`,
  );
}

/** True when the enrollment is new. */
export async function insertCourseEnrollment(tx: Executor, userId: string, courseId: string, now: Date) {
  const rows = await tx
    .insert(courseEnrollments)
    .values({ userId, courseId, enrolledAt: now })
    .onConflictDoNothing()
    .returning({ courseId: courseEnrollments.courseId });
  return rows.length > 0;
}

/**
 * Enrolls the learner in every visible module they may open (a free one, or any with `premium`) of the courses they
 * are enrolled in: a course's enrollment covers its modules as they become available, a module added later or a
 * Premium one once the learner has Premium.
 */
export async function enrollInOpenModules(tx: Executor, userId: string, premium: boolean, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into module_enrollments (user_id, module_id, enrolled_at, last_activity_at)
    select ${userId}::uuid, m.id, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from modules m
    join course_enrollments ce on ce.course_id = m.course_id and ce.user_id = ${userId}::uuid
    where ${visibleAs('m')} and (${premium}::boolean or m.access = 'free')
    on conflict do nothing`);
}

/** True when the enrollment is new. */
export async function insertModuleEnrollment(tx: Executor, userId: string, moduleId: string, now: Date) {
  const rows = await tx
    .insert(moduleEnrollments)
    .values({ userId, moduleId, enrolledAt: now, lastActivityAt: now })
    .onConflictDoNothing()
    .returning({ moduleId: moduleEnrollments.moduleId });
  return rows.length > 0;
}

/**
 * Records activity in the module and locks the learner's enrollment for the rest of the transaction
 * (one learner's actions in one module take turns). False when the learner is not enrolled.
 */
export async function touchEnrollment(tx: Executor, userId: string, moduleId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(moduleEnrollments)
    .set({ lastActivityAt: now })
    .where(and(eq(moduleEnrollments.userId, userId), eq(moduleEnrollments.moduleId, moduleId)))
    .returning({ moduleId: moduleEnrollments.moduleId });
  return rows.length > 0;
}

/**
 * Marks a lesson read, or a quiz solved; null except for the call that did it. `hintTaken`: the learner
 * had taken the quiz's hint, as of the row's lock (a hint taken in parallel either precedes this or is refused).
 */
export async function completeItem(
  tx: Executor,
  userId: string,
  itemId: string,
  now: Date,
): Promise<{ firstTry: boolean; hintTaken: boolean } | null> {
  const [row] = await tx
    .insert(itemProgress)
    .values({ userId, itemId, completedAt: now, firstTry: true })
    .onConflictDoUpdate({
      target: [itemProgress.userId, itemProgress.itemId],
      set: { completedAt: now, firstTry: sql`${itemProgress.wrongAttempts} = 0` },
      setWhere: isNull(itemProgress.completedAt),
    })
    .returning({ firstTry: itemProgress.firstTry, hintTakenAt: itemProgress.hintTakenAt });
  return row ? { firstTry: row.firstTry, hintTaken: row.hintTakenAt !== null } : null;
}

/**
 * Records the quiz's hint as taken by the learner; true only for the call that recorded it. A quiz
 * already solved is left alone (a hint then helps nothing and costs nothing).
 */
export async function takeQuizHint(tx: Executor, userId: string, itemId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(itemProgress)
    .values({ userId, itemId, hintTakenAt: now })
    .onConflictDoUpdate({
      target: [itemProgress.userId, itemProgress.itemId],
      set: { hintTakenAt: now },
      setWhere: and(isNull(itemProgress.hintTakenAt), isNull(itemProgress.completedAt)),
    })
    .returning({ itemId: itemProgress.itemId });
  return rows.length > 0;
}

/** The learner's hint and solve state on one item. */
export async function itemState(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<{ hintTaken: boolean; completed: boolean }> {
  const [row] = await db
    .select({ hintTakenAt: itemProgress.hintTakenAt, completedAt: itemProgress.completedAt })
    .from(itemProgress)
    .where(and(eq(itemProgress.userId, userId), eq(itemProgress.itemId, itemId)))
    .limit(1);
  return { hintTaken: Boolean(row?.hintTakenAt), completed: Boolean(row?.completedAt) };
}

/** Counts a wrong answer on a quiz the learner has not solved yet. */
export async function countWrongAttempt(tx: Executor, userId: string, itemId: string): Promise<void> {
  await tx
    .insert(itemProgress)
    .values({ userId, itemId, wrongAttempts: 1 })
    .onConflictDoUpdate({
      target: [itemProgress.userId, itemProgress.itemId],
      set: { wrongAttempts: sql`${itemProgress.wrongAttempts} + 1` },
      setWhere: isNull(itemProgress.completedAt),
    });
}

export async function isItemCompleted(db: Executor, userId: string, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ completedAt: itemProgress.completedAt })
    .from(itemProgress)
    .where(and(eq(itemProgress.userId, userId), eq(itemProgress.itemId, itemId)))
    .limit(1);
  return Boolean(row?.completedAt);
}

/** True when the learner has a completion of the module (now marked share-seen). */
export async function markShareSeen(db: Executor, userId: string, moduleId: string): Promise<boolean> {
  const rows = await db
    .update(moduleCompletions)
    .set({ shareSeen: true })
    .where(and(eq(moduleCompletions.userId, userId), eq(moduleCompletions.moduleId, moduleId)))
    .returning({ id: moduleCompletions.id });
  return rows.length > 0;
}
