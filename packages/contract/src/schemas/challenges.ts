import { z } from 'zod';
import { completionUser } from './certificates.ts';
import { idParam, paged, pathParam } from './common.ts';
import { text } from './text.ts';
import { difficultySchema, labContent } from './learning.ts';

/** Server texts of the challenge calls (R15). */
export const CHALLENGE_MESSAGES = {
  startFirst: 'Start the challenge first.',
  previousStepFirst: 'Solve the previous step first.',
  correct: 'Correct answer!',
  completed: 'Correct answer! You completed the challenge.',
  alreadySolved: 'Correct answer! You already solved this step.',
  incorrect: 'Incorrect answer. Please try again.',
  hintFetched: 'Hint fetched successfully.',
  failedFetchHint: 'Failed to fetch hint.',
  premiumRequired: 'This content is part of Premium. Upgrade your plan to unlock it.',
  answerThrottled: 'Too many wrong answers. Please wait before trying again.',
  writeupLocked: 'Solve the challenge to read its write-up.',
} as const;

/** The categories Bastion knows (its curriculum's, and what CTFd's usual names map to), in the order listed. */
export const CHALLENGE_CATEGORIES = ['web', 'crypto', 'forensics', 'osint', 'linux', 'network', 'reverse'] as const;
export type KnownChallengeCategory = (typeof CHALLENGE_CATEGORIES)[number];

export const isKnownCategory = (category: string): category is KnownChallengeCategory =>
  (CHALLENGE_CATEGORIES as readonly string[]).includes(category);

/**
 * A category's key: a known one, or one an imported pack brought that has no Bastion equivalent, kept as its
 * own (CTFd's `misc`, `programming`, `web3`): lowercase words joined by hyphens.
 */
export const CHALLENGE_CATEGORY_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const CHALLENGE_CATEGORY_MAX = 40;
export const challengeCategorySchema = z
  .string()
  .max(CHALLENGE_CATEGORY_MAX, `Ensure this field has no more than ${CHALLENGE_CATEGORY_MAX} characters.`)
  .regex(CHALLENGE_CATEGORY_PATTERN, 'Use a category key: lowercase words joined by hyphens.');
export type ChallengeCategory = z.infer<typeof challengeCategorySchema>;

export const CHALLENGE_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const challengeStatusSchema = z.enum(CHALLENGE_STATUSES);
export type ChallengeStatus = z.infer<typeof challengeStatusSchema>;

export const CHALLENGE_ACCESS_FILTERS = ['all', 'free', 'premium'] as const;

/** Longest answer the server judges; a longer one is a 400 field error, not a guess. */
export const CHALLENGE_ANSWER_MAX = 500;

/** A step number in a path: 1 to 999999, no sign, no leading zero; anything else names no step (404). */
export const STEP_NUMBER_PATTERN = /^[1-9][0-9]{0,5}$/;
export const challengeStepParams = z.object({
  id: idParam,
  n: pathParam((value) => STEP_NUMBER_PATTERN.test(value)),
});

/** Query values the web app may send empty (`?category=&status=`): empty means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const challengeListQuery = z.object({
  category: optionalParam(challengeCategorySchema),
  difficulty: optionalParam(difficultySchema),
  status: optionalParam(challengeStatusSchema),
  access: optionalParam(z.enum(CHALLENGE_ACCESS_FILTERS)).transform((value) => value ?? 'all'),
});
export type ChallengeListQuery = z.infer<typeof challengeListQuery>;

export const challengeSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  category: challengeCategorySchema,
  difficulty: difficultySchema,
  /** Sum of its steps' points. */
  points: z.number().int(),
  is_premium: z.boolean(),
  steps_count: z.number().int(),
  /** Learners who completed it. */
  solves: z.number().int(),
  /** Username of the first learner to complete it, or null. */
  first_blood: z.string().nullable(),
  status: challengeStatusSchema,
  /** The learner's attempt id once completed (`/completion/challenge/{id}`), else null. */
  completion_id: z.uuid().nullable(),
  /** Premium challenge and the learner has no current premium. */
  locked: z.boolean(),
});
export type ChallengeSummary = z.infer<typeof challengeSummary>;
export const challengeListResponse = z.array(challengeSummary);

/** `GET /api/challenges/categories/`: the categories of the visible challenges, known ones first in their order. */
export const challengeCategoriesResponse = z.array(challengeCategorySchema);

export const challengeDetail = challengeSummary.extend({ description: z.string() });
export type ChallengeDetail = z.infer<typeof challengeDetail>;

export const challengeAttachment = z.object({ name: z.string(), url: z.string(), size: z.number().int() });

export const challengeStepView = z.object({
  order: z.number().int(),
  title: z.string(),
  /** Null while the step is locked: a locked step's question must not leak the answer of the one before. */
  question: z.string().nullable(),
  /** A mask such as `***.***.***.***`, or null (always null while the step is locked). */
  answer_format: z.string().nullable(),
  points: z.number().int(),
  solved: z.boolean(),
  /** The previous step is not solved yet. */
  locked: z.boolean(),
  hint_used: z.boolean(),
  /** The hint text, only once taken or once the whole challenge is completed; null otherwise. */
  hint: z.string().nullable(),
  hint_cost: z.number().int(),
});
export type ChallengeStepView = z.infer<typeof challengeStepView>;

export const challengeContentResponse = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Markdown. */
  story: z.string(),
  attachments: z.array(challengeAttachment),
  /** What the lab holds besides the attachments (placed in the learner's home directory); null: nothing more. */
  lab: labContent.nullable(),
  steps: z.array(challengeStepView),
});
export type ChallengeContent = z.infer<typeof challengeContentResponse>;

export const challengeStartResponse = z.object({ started_at: z.string() });
export type ChallengeStartResponse = z.infer<typeof challengeStartResponse>;

export const challengeAnswerBody = z.strictObject({
  answer: text()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(CHALLENGE_ANSWER_MAX, `Ensure this field has no more than ${CHALLENGE_ANSWER_MAX} characters.`),
});
export type ChallengeAnswerBody = z.infer<typeof challengeAnswerBody>;

export const challengeAnswerResponse = z.object({
  correct: z.boolean(),
  detail: z.string(),
  /** The step's own points (less the hint cost), 0 when wrong or already solved. */
  points_awarded: z.number().int(),
  /** True only on the answer that completed the challenge. */
  challenge_completed: z.boolean(),
  /** The attempt id (`/completion/challenge/{id}`) on the answer that completed it, else null. */
  completion_id: z.uuid().nullable(),
});
export type ChallengeAnswerResponse = z.infer<typeof challengeAnswerResponse>;

export const challengeHintResponse = z.object({
  detail: z.string(),
  hint: z.string(),
  /** What the hint costs this learner: its cost, or 0 when the step was solved without it. */
  hint_cost: z.number().int(),
});
export type ChallengeHintResponse = z.infer<typeof challengeHintResponse>;

/** A step as the write-up tells it: the accepted answer, why, and the commands that find it in the lab. */
export const challengeWriteupStep = z.object({
  order: z.number().int(),
  title: z.string(),
  question: z.string(),
  /** The first accepted answer; null for a step that accepts a pattern only. */
  answer: z.string().nullable(),
  /** Where to look and why (the step's hint, Markdown). */
  reasoning: z.string(),
  /** Shell commands run in the challenge's lab, from the learner's home directory; null when none are authored. */
  solution: z.string().nullable(),
});
/** `GET /api/challenges/{id}/writeup/`: for a learner who completed the challenge, else 403. */
export const challengeWriteupResponse = z.object({
  id: z.string(),
  title: z.string(),
  steps: z.array(challengeWriteupStep),
});
export type ChallengeWriteup = z.infer<typeof challengeWriteupResponse>;

export const challengeProgressStep = z.object({
  order: z.number().int(),
  title: z.string(),
  solved: z.boolean(),
  solved_at: z.string().nullable(),
  points_awarded: z.number().int(),
  hint_used: z.boolean(),
});
export const challengeProgressResponse = z.object({
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  status: challengeStatusSchema,
  points_earned: z.number().int(),
  hints_used: z.number().int(),
  steps: z.array(challengeProgressStep),
  /** Place among the challenge's solvers (leaderboard order), null until completed. */
  rank: z.number().int().nullable(),
  time_taken_seconds: z.number().int().nullable(),
});
export type ChallengeProgress = z.infer<typeof challengeProgressResponse>;

/** Challenge leaderboard: points desc, then time taken, then completion time. */
export const CHALLENGE_LEADERBOARD_SIZE = 50;
export const challengeLeaderboardEntry = z.object({
  rank: z.number().int(),
  /** Null (and `photo` null) for a learner whose public profile is off, but to that learner (`ANONYMOUS_LEARNER`). */
  username: z.string().nullable(),
  photo: z.string().nullable(),
  country: z.string(),
  points: z.number().int(),
  time_taken_seconds: z.number().int(),
  completed_at: z.string(),
  first_blood: z.boolean(),
});
export const challengeLeaderboardResponse = z.object({
  results: z.array(challengeLeaderboardEntry),
  total_solves: z.number().int(),
});
export type ChallengeLeaderboard = z.infer<typeof challengeLeaderboardResponse>;

const challengeRef = z.object({
  id: z.uuid(),
  title: z.string(),
  category: challengeCategorySchema,
  difficulty: difficultySchema,
  points: z.number().int(),
});

export const challengeHistoryItem = z.object({
  /** The attempt id; once completed, also the public completion record's id. */
  id: z.uuid(),
  challenge: challengeRef,
  status: challengeStatusSchema,
  started_at: z.string(),
  completed_at: z.string().nullable(),
  points_earned: z.number().int(),
  hints_used: z.number().int(),
  first_blood: z.boolean(),
  time_taken_seconds: z.number().int().nullable(),
});
export type ChallengeHistoryItem = z.infer<typeof challengeHistoryItem>;
export const challengeHistoryResponse = paged(challengeHistoryItem);

/** `GET /api/challenges/completed_challenge/{id}/` (public). */
export const completedChallengeResponse = z.object({
  id: z.uuid(),
  user: completionUser,
  challenge: challengeRef,
  completed_at: z.string(),
  points_earned: z.number().int(),
  time_taken_seconds: z.number().int(),
  first_blood: z.boolean(),
});
export type CompletedChallenge = z.infer<typeof completedChallengeResponse>;
