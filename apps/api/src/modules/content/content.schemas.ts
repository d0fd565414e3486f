import { z } from 'zod';

/** Badge rule kinds of contract §5; the ones that count something need a threshold. */
export const BADGE_RULE_KINDS = [
  'lessons_completed',
  'modules_completed',
  'courses_completed',
  'challenges_completed',
  'points',
  'streak',
  'challenge_without_hints',
  'first_blood',
  'quiz_first_try',
  'coupon_redeemed',
] as const;
export const THRESHOLD_RULE_KINDS: readonly BadgeRuleKind[] = [
  'lessons_completed',
  'modules_completed',
  'courses_completed',
  'challenges_completed',
  'points',
  'streak',
  'quiz_first_try',
];
export type BadgeRuleKind = (typeof BADGE_RULE_KINDS)[number];

export const CHALLENGE_CATEGORIES = ['web', 'crypto', 'forensics', 'osint', 'linux', 'network', 'reverse'] as const;

const text = z.string().trim().min(1, 'must not be empty');
const difficulty = z.enum(['easy', 'medium', 'hard']);
const access = z.enum(['free', 'premium']);
const positiveInt = z.number().int().positive();
const nonNegativeInt = z.number().int().nonnegative();
/** YAML reads `22` as a number; an answer is always compared as text. */
const answerText = z.union([z.string(), z.number()]).transform(String).pipe(text);
const answers = z
  .union([answerText, z.array(answerText).min(1, 'must list at least one accepted answer')])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const courseSchema = z.strictObject({
  title: text,
  summary: text,
  description: text,
  difficulty,
  access,
  image: text.optional(),
});

export const moduleSchema = z.strictObject({
  title: text,
  summary: text,
  difficulty,
  access,
  minutes: positiveInt,
  image: text.optional(),
});

export const lessonFrontMatterSchema = z.strictObject({
  title: text,
  points: nonNegativeInt.default(5),
  minutes: positiveInt.optional(),
});

export const terminalSchema = z
  .strictObject({
    hostname: text,
    user: text,
    cwd: text.startsWith('/', 'must be an absolute path'),
    entries: z.array(z.strictObject({ command: text, output: z.string() })).default([]),
    files: z.record(z.string().startsWith('/', 'file paths must be absolute'), z.string()).default({}),
  })
  .refine((t) => t.entries.length > 0 || Object.keys(t.files).length > 0, 'needs at least one entry or one file');

export const quizSchema = z.strictObject({
  title: text,
  question: text,
  answer: answers,
  case_sensitive: z.boolean().default(false),
  answer_format: text.optional(),
  points: nonNegativeInt.default(10),
  terminal: terminalSchema.optional(),
});

export const badgeSchema = z
  .strictObject({
    slug: text.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
    name: text,
    description: text,
    image: text.optional(),
    points: nonNegativeInt,
    rule: z.strictObject({ kind: z.enum(BADGE_RULE_KINDS), threshold: positiveInt.optional() }),
  })
  .superRefine((badge, ctx) => {
    const { kind, threshold } = badge.rule;
    const counts = THRESHOLD_RULE_KINDS.includes(kind);
    if (counts === (threshold === undefined)) {
      const message = counts ? `rule kind ${kind} needs a threshold` : `rule kind ${kind} takes no threshold`;
      ctx.addIssue({ code: 'custom', path: ['rule', 'threshold'], message });
    }
  });

export const challengeStepSchema = z
  .strictObject({
    title: text,
    question: text,
    answer: answers,
    case_sensitive: z.boolean().default(false),
    answer_format: text.optional(),
    points: positiveInt,
    hint: text,
    hint_cost: nonNegativeInt,
  })
  .refine((step) => step.hint_cost <= step.points, { path: ['hint_cost'], message: 'must not exceed the step points' });

export const challengeSchema = z.strictObject({
  title: text,
  summary: text,
  description: text,
  category: z.enum(CHALLENGE_CATEGORIES),
  difficulty,
  access,
  steps: z.array(challengeStepSchema).min(3, 'needs 3 to 6 steps').max(6, 'needs 3 to 6 steps'),
  attachments: z.array(text).default([]),
});
