import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { scoreboardStatus } from './admin-scoreboard.ts';
import { pageNumber, pageSize } from './common.ts';

/** `GET /api/leaderboard/` (R14). Periods are UTC: the calendar month and the ISO week (Monday first). */
export const LEADERBOARD_PERIODS = ['all', 'month', 'week'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_PAGE_SIZE = 25;

/** Empty query values (`?period=&page=`) count as absent, as on the module list. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const leaderboardQuery = z.object({
  period: optionalParam(z.enum(LEADERBOARD_PERIODS, { error: 'Choose one of: all, month, week.' })).transform(
    (value) => value ?? 'all',
  ),
  page: optionalParam(pageNumber).transform((value) => value ?? PAGING.defaultPage),
  page_size: optionalParam(pageSize).transform((value) => value ?? LEADERBOARD_PAGE_SIZE),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuery>;

export const leaderboardEntry = z.object({
  rank: z.number().int(),
  /** Null for a learner whose public profile is off (`profile_public` false): shown as `ANONYMOUS_LEARNER`. */
  username: z.string().nullable(),
  /** A `/media/…` path, or null (always null when the profile is off). */
  photo: z.string().nullable(),
  country: z.string(),
  /** Points within the period. */
  points: z.number().int(),
  /** The learner's current streak (days). */
  streak: z.number().int(),
  /** Whether `/profile/{username}` shows this learner (the owner's public-profile setting). */
  profile_public: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboardResponse = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(leaderboardEntry),
  /** The caller's standing in the period; rank is null before their first point in it. */
  me: z.object({ rank: z.number().int().nullable(), points: z.number().int() }),
  /**
   * Live; frozen (the ranks and totals as at `since`); or hidden by an operator (no results, no rank).
   * Absent from answers that predate it: read as live.
   */
  status: scoreboardStatus.optional(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;
