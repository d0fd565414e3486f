import { asc, eq, sql } from 'drizzle-orm';
import type { ContentOverride, OverrideKind } from '@bastion/contract';
import {
  challengeSteps,
  challenges,
  contentOverrides,
  courses,
  moduleItems,
  modules,
  rowsOf,
  users,
  type Executor,
} from '@bastion/db';

/** An item as the content has it, before any override. */
export interface ContentRow {
  id: string;
  kind: OverrideKind;
  title: string;
  slug: string;
  parent_id: string | null;
  content_hidden: boolean;
  content_points: number | null;
}

/** Every course, module, lesson, quiz, challenge and step, hidden ones too, each followed by what it holds. */
export async function listContentRows(db: Executor): Promise<ContentRow[]> {
  const [courseRows, moduleRows, itemRows, challengeRows, stepRows] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title, slug: courses.slug, hidden: courses.hidden })
      .from(courses)
      .orderBy(asc(courses.position), asc(courses.title)),
    db
      .select({ id: modules.id, title: modules.title, slug: modules.slug, hidden: modules.hidden, parent: modules.courseId })
      .from(modules)
      .orderBy(asc(modules.position), asc(modules.title)),
    db
      .select({
        id: moduleItems.id,
        kind: moduleItems.kind,
        title: moduleItems.title,
        slug: moduleItems.slug,
        hidden: moduleItems.hidden,
        parent: moduleItems.moduleId,
      })
      .from(moduleItems)
      .orderBy(asc(moduleItems.position), asc(moduleItems.title)),
    db
      .select({ id: challenges.id, title: challenges.title, slug: challenges.slug, hidden: challenges.hidden })
      .from(challenges)
      .orderBy(asc(challenges.position), asc(challenges.title)),
    db
      .select({
        id: challengeSteps.id,
        title: challengeSteps.title,
        position: challengeSteps.position,
        points: challengeSteps.points,
        parent: challengeSteps.challengeId,
      })
      .from(challengeSteps)
      .orderBy(asc(challengeSteps.position)),
  ]);
  const row = (kind: OverrideKind, r: { id: string; title: string; slug: string; hidden: boolean }, parent: string | null) => ({
    id: r.id,
    kind,
    title: r.title,
    slug: r.slug,
    parent_id: parent,
    content_hidden: r.hidden,
    content_points: null,
  });
  const out: ContentRow[] = [];
  for (const course of courseRows) {
    out.push(row('course', course, null));
    for (const mod of moduleRows.filter((m) => m.parent === course.id)) {
      out.push(row('module', mod, course.id));
      for (const item of itemRows.filter((i) => i.parent === mod.id)) out.push(row(item.kind, item, mod.id));
    }
  }
  for (const challenge of challengeRows) {
    out.push(row('challenge', challenge, null));
    for (const step of stepRows.filter((s) => s.parent === challenge.id)) {
      out.push({
        id: step.id,
        kind: 'step',
        title: step.title,
        slug: String(step.position),
        parent_id: challenge.id,
        content_hidden: false,
        content_points: step.points,
      });
    }
  }
  return out;
}

/** One item as the content has it, or undefined when no content table holds this id. */
export async function findContentRow(db: Executor, id: string): Promise<ContentRow | undefined> {
  const [found] = await rowsOf<ContentRow>(
    db,
    sql`
    select id, 'course' as kind, title, slug, null::uuid as parent_id, hidden as content_hidden, null::int as content_points
      from courses where id = ${id}
    union all select id, 'module', title, slug, course_id, hidden, null from modules where id = ${id}
    union all select id, kind, title, slug, module_id, hidden, null from module_items where id = ${id}
    union all select id, 'challenge', title, slug, null, hidden, null from challenges where id = ${id}
    union all select id, 'step', title, position::text, challenge_id, false, points from challenge_steps where id = ${id}`,
  );
  return found && { ...found, content_points: found.content_points === null ? null : Number(found.content_points) };
}

const overrideColumns = {
  itemId: contentOverrides.itemId,
  hidden: contentOverrides.hidden,
  points: contentOverrides.points,
  reason: contentOverrides.reason,
  setAt: contentOverrides.setAt,
  setBy: users.username,
};

export async function listOverrides(db: Executor): Promise<Map<string, ContentOverride>> {
  const rows = await db
    .select(overrideColumns)
    .from(contentOverrides)
    .leftJoin(users, eq(users.id, contentOverrides.setBy));
  return new Map(rows.map((r) => [r.itemId, toOverride(r)]));
}

/** The item's override, its row locked until the transaction ends; null when it has none. */
export async function findOverride(db: Executor, id: string): Promise<ContentOverride | null> {
  const [found] = await db
    .select(overrideColumns)
    .from(contentOverrides)
    .leftJoin(users, eq(users.id, contentOverrides.setBy))
    .where(eq(contentOverrides.itemId, id))
    .for('update', { of: contentOverrides });
  return found ? toOverride(found) : null;
}

export async function writeOverride(
  db: Executor,
  item: ContentRow,
  value: { hidden: boolean | null; points: number | null; reason: string | null; by: string | null },
  now: Date,
): Promise<void> {
  const set = { hidden: value.hidden, points: value.points, reason: value.reason, setBy: value.by, setAt: now };
  await db
    .insert(contentOverrides)
    .values({ itemId: item.id, kind: item.kind, ...set })
    .onConflictDoUpdate({ target: contentOverrides.itemId, set });
}

export async function deleteOverride(db: Executor, id: string): Promise<void> {
  await db.delete(contentOverrides).where(eq(contentOverrides.itemId, id));
}

function toOverride(row: {
  hidden: boolean | null;
  points: number | null;
  reason: string | null;
  setBy: string | null;
  setAt: Date;
}): ContentOverride {
  return {
    hidden: row.hidden,
    points: row.points,
    reason: row.reason,
    set_by: row.setBy,
    set_at: row.setAt.toISOString(),
  };
}
