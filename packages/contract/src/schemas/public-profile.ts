import { z } from 'zod';
import { paged, pathParam } from './common.ts';
import { activityDay, learnerCounts } from './dashboard.ts';
import { difficultySchema } from './learning.ts';

/**
 * Public profiles (R12, R18): no auth. Only what the owner shows; never email, time zone,
 * premium dates or the settings themselves. A private profile, a hidden section, an inactive or
 * unverified account and an unknown username all answer the same `404 {"detail": "Not found."}`.
 */
export const PUBLIC_PROFILE_SECTIONS = ['points', 'badges', 'challenges', 'module_stats', 'statistics'] as const;
export type PublicProfileSection = (typeof PUBLIC_PROFILE_SECTIONS)[number];

export const publicProfileParams = z.object({ username: pathParam() });

/** `…/public/{username}/basic/`. */
export const publicProfileBasic = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A `/media/…` path, or null. */
  photo: z.string().nullable(),
  country: z.string(),
  bio: z.string(),
  date_joined: z.string(),
  /** All-time leaderboard rank; null before the first point. */
  rank: z.number().int().nullable(),
});
export type PublicProfileBasic = z.infer<typeof publicProfileBasic>;

/** `…/public/{username}/`: the basic fields and which sections the owner shows. */
export const publicProfileResponse = publicProfileBasic.extend({
  sections: z.array(z.enum(PUBLIC_PROFILE_SECTIONS)),
});
export type PublicProfile = z.infer<typeof publicProfileResponse>;

export const publicPoints = z.object({
  points: z.number().int(),
  rank: z.number().int().nullable(),
  streak: z.number().int(),
  longest_streak: z.number().int(),
});
export type PublicPoints = z.infer<typeof publicPoints>;

export const publicBadge = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  points: z.number().int(),
  earned_at: z.string(),
});
export type PublicBadge = z.infer<typeof publicBadge>;
export const publicBadgesResponse = paged(publicBadge);

/** A completed challenge; `id` is the public completion record's id. */
export const publicChallenge = z.object({
  id: z.uuid(),
  challenge: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    difficulty: difficultySchema,
  }),
  completed_at: z.string(),
  points_earned: z.number().int(),
  first_blood: z.boolean(),
});
export type PublicChallenge = z.infer<typeof publicChallenge>;
export const publicChallengesResponse = z.array(publicChallenge);

export const publicModuleStat = z.object({
  module: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    difficulty: difficultySchema,
    course: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  }),
  /** Completed visible lessons and quizzes, 0–100, rounded down. */
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  /** The public module completion record, when completed. */
  completion_id: z.uuid().nullable(),
});
export type PublicModuleStat = z.infer<typeof publicModuleStat>;
export const publicModuleStatsResponse = paged(publicModuleStat);

export const publicStatistics = z.object({
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  counts: learnerCounts,
  /** Points per day over the 365 days ending today (UTC), oldest first, every day present. */
  activity: z.array(activityDay),
  active_days: z.number().int(),
});
export type PublicStatistics = z.infer<typeof publicStatistics>;
