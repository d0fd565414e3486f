import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { isoDay } from './admin.ts';
import { optionalParam, pageNumber, paged, pageSize } from './common.ts';
import { line } from './text.ts';

/** Texts of the submissions log's filters. */
export const SUBMISSIONS_MESSAGES = {
  unknownLearner: 'No account has this id.',
  unknownItem: 'No quiz or challenge has this id.',
  toBeforeFrom: 'Enter an end date on or after the start date.',
  fingerprint: 'Enter a fingerprint: 8 characters, 0 to 9 and a to f.',
  result: 'Choose right or wrong.',
} as const;

/** A wrong answer's fingerprint: this many hex digits of a keyed hash, never the answer. */
export const ANSWER_FINGERPRINT_LENGTH = 8;

export const SUBMISSION_RESULTS = ['right', 'wrong'] as const;
export type SubmissionResult = (typeof SUBMISSION_RESULTS)[number];

/** The submissions log's filters; `GET /api/admin/submissions/export/` takes them without the paging. */
export const submissionFilterQuery = z.object({
  /** A username (or part of one), or an account's id. */
  learner: optionalParam(line().trim().max(150)),
  /** A quiz's or challenge's title (or part of one), or its id. */
  item: optionalParam(line().trim().max(200)),
  result: optionalParam(z.enum(SUBMISSION_RESULTS, { error: SUBMISSIONS_MESSAGES.result })),
  fingerprint: optionalParam(
    line()
      .trim()
      .toLowerCase()
      .regex(new RegExp(`^[0-9a-f]{${ANSWER_FINGERPRINT_LENGTH}}$`), SUBMISSIONS_MESSAGES.fingerprint),
  ),
  from: optionalParam(isoDay()),
  to: optionalParam(isoDay()),
});
export type SubmissionFilterQuery = z.infer<typeof submissionFilterQuery>;
export const submissionsQuery = submissionFilterQuery.extend({
  page: optionalParam(pageNumber).transform((value) => value ?? PAGING.defaultPage),
  page_size: optionalParam(pageSize).transform((value) => value ?? 25),
});
export type SubmissionsQuery = z.infer<typeof submissionsQuery>;

const account = z.object({ id: z.string(), username: z.string() });

/** One judged answer: every wrong one, and the right one that solved the item. */
export const submission = z.object({
  id: z.string(),
  at: z.string(),
  learner: account,
  item: z.object({
    type: z.enum(['quiz', 'challenge']),
    id: z.string(),
    title: z.string(),
    /** The challenge step's number; null for a quiz. */
    step: z.number().int().nullable(),
  }),
  correct: z.boolean(),
  /** A wrong answer's fingerprint (the same answer to the same item has the same one); null when right. */
  fingerprint: z.string().nullable(),
  /** How many learners sent this wrong answer to this item, this one included; 0 when right. */
  same_answer_learners: z.number().int(),
  ip: z.string().nullable(),
  /** The wrong answer was this other learner's lab secret (a shared answer). */
  shared_from: account.nullable(),
  /** The answer solved a lab item faster than its lab could be worked (a quick solve). */
  quick_solve: z
    .object({
      /** When the learner first opened the lab; null: never. */
      lab_opened_at: z.string().nullable(),
      /** The learner's quick solves in all: several are a bulk solve. */
      learner_quick_solves: z.number().int(),
    })
    .nullable(),
});
export type Submission = z.infer<typeof submission>;

/** `GET /api/admin/submissions/`: newest first, with when the log began (null: unknown). */
export const submissionsPage = paged(submission).extend({ recorded_since: z.string().nullable() });
export type SubmissionsPage = z.infer<typeof submissionsPage>;
