import { z } from 'zod';
import { lockedBadge } from './gamification.ts';
import { difficultySchema, pointsHistoryItem } from './learning.ts';

/** The learner's dashboard and statistics (R14). */

export const learnerCounts = z.object({
  lessons_completed: z.number().int(),
  quizzes_solved: z.number().int(),
  modules_completed: z.number().int(),
  courses_completed: z.number().int(),
  challenges_completed: z.number().int(),
  badges_earned: z.number().int(),
});
export type LearnerCounts = z.infer<typeof learnerCounts>;

export const continueLearningItem = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  image: z.string().nullable(),
  difficulty: difficultySchema,
  course: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  /** Completed visible lessons and quizzes, 0–100, rounded down. */
  progress: z.number().int().min(0).max(100),
  items_completed: z.number().int(),
  items_total: z.number().int(),
  last_activity: z.string(),
});
export type ContinueLearningItem = z.infer<typeof continueLearningItem>;

export const dashboardSummary = z.object({
  points: z.number().int(),
  /** 1 + the learners ahead (points, then earlier join); null before the first point, as on the profile. */
  rank: z.number().int().nullable(),
  streak: z.object({ current: z.number().int(), longest: z.number().int(), active_today: z.boolean() }),
  /** Modules enrolled and not completed, most recent activity first (at most 4). */
  continue_learning: z.array(continueLearningItem),
  /** The newest points-ledger rows (at most 10). */
  recent_activity: z.array(pointsHistoryItem),
  /** Badges not yet earned, closest to done first (at most 3). */
  next_badges: z.array(lockedBadge),
  counts: learnerCounts,
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** Points per day in the learner's time zone; every day present, oldest first. */
export const activityDay = z.object({ date: z.string(), points: z.number().int() });
export type ActivityDay = z.infer<typeof activityDay>;

export const userStatistics = z.object({
  points: z.number().int(),
  rank: z.number().int().nullable(),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  counts: learnerCounts,
  /** The last 365 days, today (in the learner's zone) last. */
  activity: z.array(activityDay),
  active_days: z.number().int(),
});
export type UserStatistics = z.infer<typeof userStatistics>;
