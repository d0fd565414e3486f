import { z } from 'zod';
import { line } from './text.ts';

/** What an operator can act on: a course, module, lesson, quiz or challenge's visibility, a challenge step's points. */
export const OVERRIDE_KINDS = ['course', 'module', 'lesson', 'quiz', 'challenge', 'step'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];

export const OVERRIDE_LIMITS = { maxPoints: 100_000, reasonMax: 300 } as const;

export const OVERRIDE_MESSAGES = {
  unknownItem: 'No course, module, lesson, quiz, challenge or step has this id.',
  pointsOnSteps: 'Only a challenge step has points to change.',
  hiddenNotOnSteps: 'Hide or show the challenge, not one of its steps.',
  nothing: 'Choose hidden or shown, or points: or clear the override.',
  points: `Enter a whole number of points from 0 to ${OVERRIDE_LIMITS.maxPoints}.`,
} as const;

export const contentOverride = z.object({
  hidden: z.boolean().nullable(),
  points: z.number().int().nullable(),
  reason: z.string().nullable(),
  set_by: z.string().nullable(),
  set_at: z.string(),
});
export type ContentOverride = z.infer<typeof contentOverride>;

/** One row of `GET /api/admin/content/items/`: the content's own values, the override beside them, the effect. */
export const contentItem = z.object({
  id: z.string(),
  kind: z.enum(OVERRIDE_KINDS),
  title: z.string(),
  slug: z.string(),
  /** The course, module or challenge it sits in; null for courses and challenges. */
  parent_id: z.string().nullable(),
  content_hidden: z.boolean(),
  /** A step's points as the content gives them; null for other kinds. */
  content_points: z.number().int().nullable(),
  override: contentOverride.nullable(),
  /** What learners get: the override's value where it has one, the content's otherwise. */
  hidden: z.boolean(),
  points: z.number().int().nullable(),
});
export type ContentItem = z.infer<typeof contentItem>;

/** Courses, each followed by its modules and their lessons and quizzes; then challenges, each followed by its steps. */
export const contentItems = z.object({ results: z.array(contentItem) });
export type ContentItems = z.infer<typeof contentItems>;

export const contentItemParams = z.object({ id: z.uuid({ error: OVERRIDE_MESSAGES.unknownItem }) });

/** `PUT /api/admin/content/items/{id}/override/`: the whole override; a null field keeps the content's value. */
export const contentOverrideBody = z
  .object({
    hidden: z.boolean({ error: 'Choose hidden, shown or neither.' }).nullable().default(null),
    points: z
      .number({ error: OVERRIDE_MESSAGES.points })
      .int(OVERRIDE_MESSAGES.points)
      .min(0, OVERRIDE_MESSAGES.points)
      .max(OVERRIDE_LIMITS.maxPoints, OVERRIDE_MESSAGES.points)
      .nullable()
      .default(null),
    reason: line().trim().max(OVERRIDE_LIMITS.reasonMax).nullish(),
  })
  .refine((body) => body.hidden !== null || body.points !== null, {
    message: OVERRIDE_MESSAGES.nothing,
    path: ['hidden'],
  });
export type ContentOverrideBody = z.input<typeof contentOverrideBody>;
