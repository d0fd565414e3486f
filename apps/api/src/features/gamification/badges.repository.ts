import { and, asc, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { badges, rowsOf, userBadges, users, type Executor } from '@bastion/db';
import type { LearnerCounters } from './badge-rules.ts';

export type BadgeRow = typeof badges.$inferSelect;

/**
 * Every counter the badge rules need, in one statement. Written out in SQL because each sub-select
 * must bind to the outer `u`; the casts make both drivers return numbers.
 */
export async function learnerCounters(db: Executor, userId: string): Promise<LearnerCounters | null> {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`
    select u.points, u.streak,
      lessons.n as lessons_completed, quizzes.n as quizzes_solved, quizzes.first_try as quiz_first_try,
      (select count(*)::int from module_completions mc where mc.user_id = u.id) as modules_completed,
      (select count(*)::int from course_completions cc where cc.user_id = u.id) as courses_completed,
      attempts.completed as challenges_completed, attempts.without_hints as challenges_without_hints,
      attempts.first_bloods as first_bloods,
      (select count(*)::int from coupon_redemptions cr where cr.user_id = u.id) as coupons_redeemed,
      (select count(*)::int from user_badges ub join badges b on b.id = ub.badge_id
        where ub.user_id = u.id and not b.hidden) as badges_earned
    from users u
    cross join lateral (
      select count(*)::int as n from item_progress ip join module_items mi on mi.id = ip.item_id
      where ip.user_id = u.id and ip.completed_at is not null and mi.kind = 'lesson') lessons
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where ip.first_try))::int as first_try
      from item_progress ip join module_items mi on mi.id = ip.item_id
      where ip.user_id = u.id and ip.completed_at is not null and mi.kind = 'quiz') quizzes
    cross join lateral (
      select count(*)::int as completed,
        (count(*) filter (where ca.hints_used = 0))::int as without_hints,
        (count(*) filter (where ca.first_blood))::int as first_bloods
      from challenge_attempts ca where ca.user_id = u.id and ca.completed_at is not null) attempts
    where u.id = ${userId}`,
  );
  if (!row) return null;
  return {
    points: Number(row.points),
    streak: Number(row.streak),
    lessonsCompleted: Number(row.lessons_completed),
    quizzesSolved: Number(row.quizzes_solved),
    quizFirstTry: Number(row.quiz_first_try),
    modulesCompleted: Number(row.modules_completed),
    coursesCompleted: Number(row.courses_completed),
    challengesCompleted: Number(row.challenges_completed),
    challengesWithoutHints: Number(row.challenges_without_hints),
    firstBloods: Number(row.first_bloods),
    couponsRedeemed: Number(row.coupons_redeemed),
    badgesEarned: Number(row.badges_earned),
  };
}

/**
 * Locks the learner's row for the rest of the transaction, so two evaluations of one learner take
 * turns (the award path already holds it after updating the points). False when there is no such user.
 */
export async function lockLearner(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/** Visible badges the learner does not have yet, in content order. */
export function unearnedBadges(db: Executor, userId: string): Promise<BadgeRow[]> {
  return db
    .select()
    .from(badges)
    .where(
      and(
        eq(badges.hidden, false),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userBadges)
            .where(and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, userId))),
        ),
      ),
    )
    .orderBy(asc(badges.position), asc(badges.slug));
}

/** True when this call created the award (false: it was already there, perhaps from a parallel call). */
export async function insertUserBadge(tx: Executor, userId: string, badgeId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(userBadges)
    .values({ userId, badgeId, earnedAt: now })
    .onConflictDoNothing({ target: [userBadges.userId, userBadges.badgeId] })
    .returning({ id: userBadges.id });
  return rows.length === 1;
}

/** Every visible badge with the learner's award, if any, in content order. */
export function visibleBadgesWithAwards(db: Executor, userId: string) {
  return db
    .select({ badge: badges, earnedAt: userBadges.earnedAt })
    .from(badges)
    .leftJoin(userBadges, and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, userId)))
    .where(eq(badges.hidden, false))
    .orderBy(asc(badges.position), asc(badges.slug));
}

/** The learner's visible badges, newest first. */
export function earnedBadges(db: Executor, userId: string, window: { limit: number; offset: number }) {
  return db
    .select({ badge: badges, earnedAt: userBadges.earnedAt })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(and(eq(userBadges.userId, userId), eq(badges.hidden, false)))
    .orderBy(desc(userBadges.earnedAt), asc(badges.position), asc(badges.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countEarnedBadges(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(and(eq(userBadges.userId, userId), eq(badges.hidden, false)));
  return row?.n ?? 0;
}

/** Awards the learner has not been shown yet, oldest first (the order they were earned). */
export function unseenAwards(db: Executor, userId: string) {
  return db
    .select({
      id: userBadges.id,
      earnedAt: userBadges.earnedAt,
      badge: {
        id: badges.id,
        name: badges.name,
        description: badges.description,
        image: badges.image,
        points: badges.points,
      },
    })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(and(eq(userBadges.userId, userId), isNull(userBadges.seenAt), eq(badges.hidden, false)))
    .orderBy(asc(userBadges.earnedAt), asc(badges.position));
}

/** Marks every unseen award of a visible badge seen (what `unseenAwards` lists); returns how many. */
export async function markAllSeen(db: Executor, userId: string, now: Date): Promise<number> {
  const visible = db.select({ id: badges.id }).from(badges).where(eq(badges.hidden, false));
  const rows = await db
    .update(userBadges)
    .set({ seenAt: now })
    .where(and(eq(userBadges.userId, userId), isNull(userBadges.seenAt), inArray(userBadges.badgeId, visible)))
    .returning({ id: userBadges.id });
  return rows.length;
}

/** What the visible streak is computed from. */
export async function streakState(db: Executor, userId: string) {
  const [row] = await db
    .select({ streak: users.streak, lastActiveDay: users.lastActiveDay, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
