import { z } from 'zod';
import { optionalParam, uuidField } from './common.ts';
import { line } from './text.ts';

/**
 * How a lab came up: from its own saved state (`warm`), from the ready state and its setup (`first`), from a boot
 * of the image (`cold`), or a learner's Reset (`reset`, whichever way it went).
 */
export const LAB_START_KINDS = ['warm', 'first', 'cold', 'reset'] as const;
export type LabStartKind = (typeof LAB_START_KINDS)[number];

export const LAB_START_OUTCOMES = ['ok', 'failed'] as const;
export type LabStartOutcome = (typeof LAB_START_OUTCOMES)[number];

/** Where a failed start was when it failed: the lab panel's phases before the prompt. */
export const LAB_START_STAGES = ['preparing', 'downloading', 'booting', 'restoring', 'setting-up'] as const;
export type LabStartStage = (typeof LAB_START_STAGES)[number];

/** Why it failed, as the lab panel tells the learner. */
export const LAB_FAILURE_REASONS = ['memory', 'download', 'setup', 'stalled', 'other'] as const;
export type LabFailureReason = (typeof LAB_FAILURE_REASONS)[number];

/** The browser's engine family (`webkit`: Safari and the other WebKit browsers); never its user agent. */
export const BROWSER_FAMILIES = ['chromium', 'firefox', 'webkit', 'other'] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

export const LAB_HEALTH_LIMITS = {
  /** A start reported as longer than this is refused: no lab waits half an hour for its prompt. */
  maxDurationMs: 30 * 60_000,
  /** Reports older than this are deleted; the console's longest period. */
  keptDays: 90,
  /** The console's lists of the slowest and the most failing labs. */
  ranked: 5,
} as const;

export const LAB_HEALTH_MESSAGES = {
  unknownLab: 'No lab has this id.',
  failureNeedsStage: 'A failed start names its stage and reason; a start that ran names neither.',
} as const;

/**
 * `POST /api/labs/starts/`: the learner's browser reports one lab start, from the Start or Reset press to the
 * running prompt (or the failure). 201; only for a quiz or challenge that has a lab.
 */
export const labStartReport = z
  .object({
    item_type: z.enum(['quiz', 'challenge']),
    item_id: uuidField(LAB_HEALTH_MESSAGES.unknownLab),
    kind: z.enum(LAB_START_KINDS),
    outcome: z.enum(LAB_START_OUTCOMES),
    duration_ms: z.number().int().min(0).max(LAB_HEALTH_LIMITS.maxDurationMs),
    stage: z.enum(LAB_START_STAGES).nullable().default(null),
    reason: z.enum(LAB_FAILURE_REASONS).nullable().default(null),
    browser: z.enum(BROWSER_FAMILIES),
  })
  .strict()
  .refine((report) => (report.outcome === 'failed') === (report.stage !== null && report.reason !== null), {
    message: LAB_HEALTH_MESSAGES.failureNeedsStage,
    path: ['stage'],
  })
  .refine((report) => report.outcome === 'failed' || report.reason === null, {
    message: LAB_HEALTH_MESSAGES.failureNeedsStage,
    path: ['reason'],
  });
export type LabStartReport = z.input<typeof labStartReport>;

const LAB_HEALTH_PERIODS = [7, 30, 90];
const PERIOD_MESSAGE = 'Choose 7, 30 or 90 days.';

/** `GET /api/admin/labs/?days=&kind=`: lab starts over the last `days` UTC days, of one kind or all. */
export const labHealthQuery = z.object({
  days: optionalParam(
    line()
      .regex(/^\d+$/, PERIOD_MESSAGE)
      .transform(Number)
      .refine((days) => LAB_HEALTH_PERIODS.includes(days), PERIOD_MESSAGE),
  ).transform((days) => days ?? 30),
  kind: optionalParam(z.enum(LAB_START_KINDS, { error: 'Choose warm, first, cold or reset.' })),
});
export type LabHealthQuery = z.infer<typeof labHealthQuery>;

/** Start times of the starts that reached the prompt, in milliseconds; null when none did. */
const timing = {
  starts: z.number().int(),
  failures: z.number().int(),
  median_ms: z.number().int().nullable(),
  p90_ms: z.number().int().nullable(),
};

export const labHealthLab = z.object({
  item: z.object({
    type: z.enum(['quiz', 'challenge']),
    id: z.string(),
    /** The item's title now; "(removed)" for one no longer imported. */
    title: z.string(),
  }),
  ...timing,
  /** The newest failure's stage and reason. */
  last_failure: z
    .object({ at: z.string(), stage: z.enum(LAB_START_STAGES), reason: z.enum(LAB_FAILURE_REASONS) })
    .nullable(),
});
export type LabHealthLab = z.infer<typeof labHealthLab>;

export const labHealthResponse = z.object({
  days: z.number().int(),
  kind: z.enum(LAB_START_KINDS).nullable(),
  /** How long reports are kept. */
  kept_days: z.number().int(),
  totals: z.object(timing),
  /** Every UTC day of the period, oldest first. */
  per_day: z.array(z.object({ day: z.string(), ...timing })),
  per_kind: z.array(z.object({ kind: z.enum(LAB_START_KINDS), ...timing })),
  per_browser: z.array(z.object({ browser: z.enum(BROWSER_FAMILIES), ...timing })),
  /** Failures by stage and reason, most first. */
  failures: z.array(
    z.object({ stage: z.enum(LAB_START_STAGES), reason: z.enum(LAB_FAILURE_REASONS), count: z.number().int() }),
  ),
  /** At most LAB_HEALTH_LIMITS.ranked labs by their p90 start time, slowest first. */
  slowest: z.array(labHealthLab),
  /** At most LAB_HEALTH_LIMITS.ranked labs with failures, most first. */
  most_failing: z.array(labHealthLab),
  /** Every lab started in the period, by title. */
  labs: z.array(labHealthLab),
});
export type LabHealth = z.infer<typeof labHealthResponse>;
