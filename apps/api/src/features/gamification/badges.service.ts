// Decision 0052: badge evaluation and what each rule counts.
import type {
  BadgeFields,
  BadgeListItem,
  EarnedBadge,
  LockedBadge,
  Paged,
  PageQuery,
  UnseenBadge,
} from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { notify } from '../notifications/notifications.service.ts';
import { progressOf, ruleHolds, ruleTarget, type LearnerCounters } from './badge-rules.ts';
import * as repo from './badges.repository.ts';
import { currentStreak } from './streak.ts';

export interface NewBadge {
  id: string;
  name: string;
  points: number;
}

/**
 * Inside the award's transaction, holding the learner's row lock: every badge not yet earned whose rule
 * now holds is inserted into user_badges (ON CONFLICT DO NOTHING) and notified. Returns the badges this
 * call earned; crediting their points is the award path's (points.service), which then evaluates again.
 */
export async function earnBadges(tx: Executor, userId: string, now: Date): Promise<NewBadge[]> {
  const counters = await repo.learnerCounters(tx, userId);
  if (!counters) return [];
  const earned: NewBadge[] = [];
  for (const badge of await repo.unearnedBadges(tx, userId)) {
    if (!ruleHolds(badge, counters)) continue;
    // Only the call that creates the award acts on it: a parallel evaluation may have won.
    if (!(await repo.insertUserBadge(tx, userId, badge.id, now))) continue;
    await notify(tx, {
      userId,
      title: `Badge earned: ${badge.name}`,
      message:
        badge.points > 0
          ? `You earned the "${badge.name}" badge and ${badge.points} points. ${badge.description}`
          : `You earned the "${badge.name}" badge. ${badge.description}`,
      type: 'success',
      link: '/profile',
      createdAt: now,
    });
    earned.push({ id: badge.id, name: badge.name, points: badge.points });
  }
  return earned;
}

/** What every view of a badge shows: who it is and what it pays. */
export function badgeBasics(badge: repo.BadgeRow) {
  return {
    id: badge.id,
    slug: badge.slug,
    name: badge.name,
    description: badge.description,
    image: badge.image,
    points: badge.points,
  };
}

function badgeFields(badge: repo.BadgeRow): BadgeFields {
  return {
    ...badgeBasics(badge),
    rule: { kind: badge.ruleKind, threshold: ruleTarget(badge.ruleThreshold) },
  };
}

export interface BadgeProgress {
  badge: repo.BadgeRow;
  current: number;
  target: number;
}

/**
 * The learner's visible badges not yet earned with their progress, in content order. `known` lets a
 * caller that already read the counters and the visible streak skip reading them again.
 */
export async function lockedWithProgress(
  db: Executor,
  userId: string,
  now: Date,
  known?: { counters: LearnerCounters; streak: number },
): Promise<BadgeProgress[]> {
  let counters = known?.counters ?? null;
  let streak = known?.streak ?? 0;
  if (!known) {
    counters = await repo.learnerCounters(db, userId);
    const user = await repo.streakState(db, userId);
    if (!counters || !user) throw new NotFound();
    streak = currentStreak(user, now);
  }
  const rows = await repo.unearnedBadges(db, userId);
  return rows.map((badge) => ({ badge, ...progressOf(badge, counters!, streak) }));
}

export function closestFirst(list: BadgeProgress[]): BadgeProgress[] {
  return list
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.current / b.entry.target - a.entry.current / a.entry.target || a.index - b.index)
    .map(({ entry }) => entry);
}

export function toLockedBadge(entry: BadgeProgress): LockedBadge {
  return { ...badgeFields(entry.badge), current: entry.current, target: entry.target };
}

export interface BadgesServiceDeps {
  db: Db;
  clock: Clock;
}

export function createBadgesService({ db, clock }: BadgesServiceDeps) {
  async function list(userId: string): Promise<BadgeListItem[]> {
    const now = clock.now();
    const counters = await repo.learnerCounters(db, userId);
    const user = await repo.streakState(db, userId);
    const rows = await repo.visibleBadgesWithAwards(db, userId);
    if (!counters || !user) throw new NotFound();
    const streak = currentStreak(user, now);
    return rows.map(({ badge, earnedAt }) => {
      const target = ruleTarget(badge.ruleThreshold);
      const progress = earnedAt ? { current: target, target } : progressOf(badge, counters, streak);
      return {
        ...badgeFields(badge),
        earned: earnedAt !== null,
        earned_at: earnedAt?.toISOString() ?? null,
        ...progress,
      };
    });
  }

  async function earned(userId: string, query: PageQuery, url: string): Promise<Paged<EarnedBadge>> {
    const rows = await repo.earnedBadges(db, userId, pageWindow(query));
    const total = await repo.countEarnedBadges(db, userId);
    const results = rows.map(({ badge, earnedAt }) => ({ ...badgeFields(badge), earned_at: earnedAt.toISOString() }));
    return pagedResponse(results, total, query, url);
  }

  /** Not yet earned, in content order; few enough (tens) to page in memory after one counters query. */
  async function locked(userId: string, query: PageQuery, url: string): Promise<Paged<LockedBadge>> {
    const all = await lockedWithProgress(db, userId, clock.now());
    const { limit, offset } = pageWindow(query);
    return pagedResponse(all.slice(offset, offset + limit).map(toLockedBadge), all.length, query, url);
  }

  async function unseen(userId: string): Promise<UnseenBadge[]> {
    const rows = await repo.unseenAwards(db, userId);
    return rows.map((row) => ({ id: row.id, badge: row.badge, earned_at: row.earnedAt.toISOString() }));
  }

  async function markAllSeen(userId: string): Promise<{ marked: number }> {
    return { marked: await repo.markAllSeen(db, userId, clock.now()) };
  }

  return { list, earned, locked, unseen, markAllSeen };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
