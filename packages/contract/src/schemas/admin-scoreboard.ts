import { z } from 'zod';
import { line } from './text.ts';

/** The leaderboard's states: live, frozen (ranks as at the freeze) or hidden (learners see a message). */
export const SCOREBOARD_MODES = ['live', 'frozen', 'hidden'] as const;
export type ScoreboardMode = (typeof SCOREBOARD_MODES)[number];

/** The most an operator awards or deducts at once, and a reason's length. */
export const SCOREBOARD_LIMITS = { maxAdjustment: 100_000, reasonMin: 3, reasonMax: 300 } as const;

export const SCOREBOARD_MESSAGES = {
  hidden: 'The leaderboard is hidden for now. Your points still count, and the ranks return when it is shown again.',
  hiddenUntil: (until: string) =>
    `The leaderboard is hidden until ${until}. Your points still count, and the ranks return then.`,
  frozen: (since: string) => `The leaderboard is frozen: ranks are shown as they stood at ${since}.`,
  endsInPast: 'Choose an end time in the future, or none.',
  zeroPoints: 'Enter a number of points other than 0.',
  tooFew: (have: number) => `This learner has ${have} points: a deduction cannot take more than that.`,
  unknownLearner: 'No account has this username.',
  noSolves: 'This learner has no solve of this item.',
  reason: `Give a reason of ${SCOREBOARD_LIMITS.reasonMin} to ${SCOREBOARD_LIMITS.reasonMax} characters.`,
} as const;

/** `GET|PUT /api/admin/scoreboard/` and the `status` of `GET /api/leaderboard/`. */
export const scoreboardStatus = z.object({
  mode: z.enum(SCOREBOARD_MODES),
  /** When it was frozen or hidden; null while live. */
  since: z.string().nullable(),
  /** When it turns live again by itself; null: until an operator shows it. */
  until: z.string().nullable(),
});
export type ScoreboardStatus = z.infer<typeof scoreboardStatus>;

export const scoreboardStateBody = z.object({
  mode: z.enum(SCOREBOARD_MODES, { error: 'Choose live, frozen or hidden.' }),
  until: z.iso.datetime({ offset: true, error: 'Enter the end as a date and time.' }).nullish(),
});
export type ScoreboardStateBody = z.infer<typeof scoreboardStateBody>;

const reason = line()
  .trim()
  .min(SCOREBOARD_LIMITS.reasonMin, SCOREBOARD_MESSAGES.reason)
  .max(SCOREBOARD_LIMITS.reasonMax, SCOREBOARD_MESSAGES.reason);
const username = line().trim().min(1, 'Enter a username.').max(150);

/** `POST /api/admin/scoreboard/adjustments/`: award (positive) or deduct (negative) points, with a reason. */
export const pointsAdjustmentBody = z.object({
  username,
  points: z
    .number({ error: 'Enter a whole number of points.' })
    .int('Enter a whole number of points.')
    .min(-SCOREBOARD_LIMITS.maxAdjustment, `Deduct at most ${SCOREBOARD_LIMITS.maxAdjustment} points at once.`)
    .max(SCOREBOARD_LIMITS.maxAdjustment, `Award at most ${SCOREBOARD_LIMITS.maxAdjustment} points at once.`)
    .refine((value) => value !== 0, SCOREBOARD_MESSAGES.zeroPoints),
  reason,
});
export type PointsAdjustmentBody = z.infer<typeof pointsAdjustmentBody>;

export const pointsAdjustmentResult = z.object({
  username: z.string(),
  points: z.number().int(),
  total_before: z.number().int(),
  total_after: z.number().int(),
});
export type PointsAdjustmentResult = z.infer<typeof pointsAdjustmentResult>;

/** The items whose solves an operator can remove: a challenge (all its steps) or a quiz. */
export const SOLVE_KINDS = ['challenge', 'quiz'] as const;
export type SolveKind = (typeof SOLVE_KINDS)[number];

/** `GET /api/admin/scoreboard/solves/?username=`: what the learner solved, with the points each earned. */
export const learnerSolvesQuery = z.object({ username });
export const learnerSolve = z.object({
  kind: z.enum(SOLVE_KINDS),
  id: z.string(),
  title: z.string(),
  points: z.number().int(),
  solved_at: z.string(),
});
export type LearnerSolve = z.infer<typeof learnerSolve>;
export const learnerSolves = z.object({
  username: z.string(),
  points: z.number().int(),
  results: z.array(learnerSolve),
});
export type LearnerSolves = z.infer<typeof learnerSolves>;

/** `POST /api/admin/scoreboard/removals/`: removes the learner's solves of one item; the learner is told why. */
export const solveRemovalBody = z.object({
  username,
  kind: z.enum(SOLVE_KINDS, { error: 'Choose a challenge or a quiz.' }),
  id: z.uuid('Choose an item.'),
  reason,
});
export type SolveRemovalBody = z.infer<typeof solveRemovalBody>;
export const solveRemovalResult = z.object({
  username: z.string(),
  title: z.string(),
  points_removed: z.number().int(),
  total_after: z.number().int(),
});
export type SolveRemovalResult = z.infer<typeof solveRemovalResult>;
