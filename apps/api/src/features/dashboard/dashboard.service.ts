import type { ActivityDay, DashboardSummary, LearnerCounts, UserStatistics } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { courseRefOf, progressPercent } from '../../lib/progress.ts';
import type { LearnerCounters } from '../gamification/badge-rules.ts';
import { learnerCounters } from '../gamification/badges.repository.ts';
import { closestFirst, lockedWithProgress, toLockedBadge } from '../gamification/badges.service.ts';
import { addDays, currentStreak, localDay } from '../gamification/streak.ts';
import * as repo from './dashboard.repository.ts';
import { allTimeRank } from '../leaderboard/leaderboard.service.ts';

// Decision 0054: the dashboard's rank is the leaderboard's all-time rank; its lists and activity days are these.
export const CONTINUE_LEARNING_COUNT = 4;
export const RECENT_ACTIVITY_COUNT = 10;
export const NEXT_BADGES_COUNT = 3;
export const ACTIVITY_DAYS = 365;

export function countsOf(counters: LearnerCounters): LearnerCounts {
  return {
    lessons_completed: counters.lessonsCompleted,
    quizzes_solved: counters.quizzesSolved,
    modules_completed: counters.modulesCompleted,
    courses_completed: counters.coursesCompleted,
    challenges_completed: counters.challengesCompleted,
    badges_earned: counters.badgesEarned,
  };
}

/** Every day of the window, zeros included, oldest first: the heat map needs no gaps to fill. */
export function dailySeries(days: { day: string; points: number }[], today: string, length: number): ActivityDay[] {
  const byDay = new Map(days.map((row) => [row.day, row.points]));
  return Array.from({ length }, (_, index) => {
    const date = addDays(today, index - (length - 1));
    return { date, points: byDay.get(date) ?? 0 };
  });
}

export function createDashboardService({ db, clock }: { db: Db; clock: Clock }) {
  async function standingAndCounters(userId: string) {
    const standing = await repo.findStanding(db, userId);
    const counters = await learnerCounters(db, userId);
    if (!standing || !counters) throw new NotFound();
    return { standing, counters };
  }

  async function summary(userId: string): Promise<DashboardSummary> {
    const now = clock.now();
    const { standing, counters } = await standingAndCounters(userId);
    const modules = await repo.modulesInProgress(db, userId, CONTINUE_LEARNING_COUNT);
    const ledger = await repo.recentLedger(db, userId, RECENT_ACTIVITY_COUNT);
    const streak = currentStreak(standing, now);
    const locked = closestFirst(await lockedWithProgress(db, userId, now, { counters, streak }));
    return {
      points: standing.points,
      rank: await allTimeRank(db, userId, now),
      streak: {
        current: streak,
        longest: standing.longestStreak,
        // A last active day after today (the learner moved to a zone behind) counts as today, as for the streak.
        active_today:
          standing.streak > 0 &&
          standing.lastActiveDay !== null &&
          standing.lastActiveDay >= localDay(now, standing.timezone),
      },
      continue_learning: modules.map((m) => ({
        id: m.id,
        slug: m.slug,
        title: m.title,
        summary: m.summary,
        image: m.image,
        difficulty: m.difficulty,
        course: courseRefOf(m),
        progress: progressPercent(m.items_completed, m.items_total),
        items_completed: m.items_completed,
        items_total: m.items_total,
        last_activity: m.last_activity.toISOString(),
      })),
      recent_activity: ledger.map((row) => ({
        id: row.id,
        points: row.points,
        reason: row.reason,
        source_type: row.sourceType,
        created_at: row.createdAt.toISOString(),
      })),
      next_badges: locked.slice(0, NEXT_BADGES_COUNT).map(toLockedBadge),
      counts: countsOf(counters),
    };
  }

  async function statistics(userId: string): Promise<UserStatistics> {
    const now = clock.now();
    const { standing, counters } = await standingAndCounters(userId);
    const today = localDay(now, standing.timezone);
    const days = await repo.activityBetween(db, userId, addDays(today, -(ACTIVITY_DAYS - 1)), today);
    return {
      points: standing.points,
      rank: await allTimeRank(db, userId, now),
      streak: { current: currentStreak(standing, now), longest: standing.longestStreak },
      counts: countsOf(counters),
      activity: dailySeries(days, today, ACTIVITY_DAYS),
      active_days: days.filter((row) => row.points > 0).length,
    };
  }

  return { summary, statistics };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
