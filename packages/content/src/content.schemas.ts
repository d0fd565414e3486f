import { z } from 'zod';
import {
  ACCESS_LEVELS,
  BADGE_RULE_KINDS,
  CHALLENGE_CATEGORIES,
  DIFFICULTIES,
  defaultLabIdentity,
  labAccount,
  labAccountName,
  labFileMode,
  labHost,
  labHostLabel,
  labNetwork,
  labNetworkProblems,
  labService,
  type BadgeRuleKind,
  type LabNetworkSetup,
} from '@bastion/contract';
import { LAB_SECRET_ALPHABETS, SECRET_NAME, secretBits, type LabSecretAlphabet } from './lab-secrets.ts';

/** The badge rule kinds that count something, so a badge file gives them a threshold. */
export const THRESHOLD_RULE_KINDS: readonly BadgeRuleKind[] = [
  'lessons_completed',
  'modules_completed',
  'courses_completed',
  'challenges_completed',
  'points',
  'streak',
  'quiz_first_try',
];

const text = z.string().trim().min(1, 'must not be empty');
const difficulty = z.enum(DIFFICULTIES);
const access = z.enum(ACCESS_LEVELS);
const positiveInt = z.number().int().positive();
const nonNegativeInt = z.number().int().nonnegative();
// Decision 0030: points in content are bounded; decision 0085: courses carry an order and prerequisites.
/** Points a lesson, quiz, step, hint or badge carries (CTFd packs too): bounded, so no total leaves 32 bits. */
export const MAX_CONTENT_POINTS = 100_000;
export const contentPoints = nonNegativeInt.max(MAX_CONTENT_POINTS, `must be at most ${MAX_CONTENT_POINTS}`);
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
  /** Where the course stands in the catalogue; courses without one follow, by folder name. */
  order: z.number().int().positive().optional(),
  /** What a learner needs first: a course (its slug) and the skills of it this course uses (inline Markdown). */
  prerequisites: z.array(z.strictObject({ course: text, skills: text })).default([]),
  /**
   * An attack course: each quiz is answered by carrying out the attack it teaches, so none may declare
   * `answer_visible` (a quiz whose answer is a file the attack reaches names it with `answer_at`).
   */
  attack: z.boolean().default(false),
});

export const moduleSchema = z.strictObject({
  title: text,
  summary: text,
  difficulty,
  access,
  image: text.optional(),
});

export const lessonFrontMatterSchema = z.strictObject({
  title: text,
  points: contentPoints.default(5),
});

const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time such as 2025-03-03T09:40:00Z' });
/** Owner, group and mode by the rules the lab's setup script applies (@bastion/contract's lab-names.ts). */
const fileAttributes = {
  owner: labAccountName.optional(),
  group: labAccountName.optional(),
  mode: labFileMode.optional(),
  mtime: isoDateTime.optional(),
};

/** An absolute path with no `..` or empty segment: where a lab file goes, or which image file it copies. */
const labPath = z
  .string()
  .regex(/^(\/[^/\0]+)+$/, 'must be an absolute path such as /home/student/notes.txt')
  .refine((path) => !path.split('/').includes('..'), 'must not contain ..');

// docs/labs.md, "A lab's setup": a quiz lab's files (bytes, copies of image files, sources) and its solutions.
/** What a lab file object holds: exactly one of these. */
const fileSources = ['content', 'base64', 'copy_of', 'source', 'generate', 'directory'] as const;

/**
 * A lab file: its text; or an object with its text (`content`), its bytes (`base64`), a copy of a file of the lab
 * image (`copy_of`), a file of the content folder (`source`, relative to the quiz file: a target application's
 * code, say), or `directory: true`, with owner, group, mode and time.
 */
export const terminalFileSchema = z.union([
  z.string(),
  z
    .strictObject({
      content: z.string().optional(),
      base64: z.base64('must be base64 text').optional(),
      copy_of: labPath.optional(),
      source: text.optional(),
      /**
       * A shell command the setup runs as root, whose output is the file: what a learner's own secret must be
       * packed into (encoded, compressed, in layers) is made in the guest, for each learner.
       */
      generate: text.optional(),
      directory: z.literal(true).optional(),
      ...fileAttributes,
    })
    .refine((file) => fileSources.filter((key) => file[key] !== undefined).length === 1, {
      message:
        'needs exactly one of content, base64, copy_of (a file of the lab image), source (a file of the content folder), generate (a command whose output it is) or directory: true',
    }),
]);

/**
 * A lab's secrets, by name: each learner gets their own value (a flag, a level's password, a key), derived on the
 * server, wherever the lab, its recording or an answer writes `{{secret.name}}`. At least 64 bits, so no value is
 * guessed.
 */
export const labSecretsSchema = z.record(
  z.string().regex(SECRET_NAME, 'must be a name such as flag or level2_password'),
  z
    .strictObject({
      length: z.number().int().min(8).max(64),
      alphabet: z.enum(Object.keys(LAB_SECRET_ALPHABETS) as [LabSecretAlphabet, ...LabSecretAlphabet[]]).default('alnum'),
      prefix: z.string().max(32).default(''),
      suffix: z.string().max(32).default(''),
      /** A scope the value is derived for instead of the item: items naming the same scope share the value. */
      shared: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a name such as linux-ladder').optional(),
    })
    .refine((form) => secretBits(form) >= 64, { message: 'must have at least 64 bits: make it longer' }),
);

/** A lab's network, its other machines and the programs it runs (@bastion/contract holds the rules). */
const labNetworkFields = {
  network: labNetwork.optional(),
  hosts: z.array(labHost).optional(),
  services: z.array(labService).optional(),
  /** Accounts with a login password, for `su`. */
  accounts: z.array(labAccount).optional(),
  secrets: labSecretsSchema.optional(),
  // docs/labs.md, "What a lab hides": as a server would; processes_visible says why a quiz shows them.
  /**
   * Why the learner may see every account's processes: the lab teaches listing them. Without it, /proc hides other
   * accounts' processes (hidepid).
   */
  processes_visible: text.optional(),
  /** Why the learner captures packets: their tcpdump may then capture without root (a raw socket, nothing more). */
  packet_capture: text.optional(),
};

function checkLabNetwork(lab: LabNetworkSetup, ctx: z.RefinementCtx): void {
  for (const { path, message } of labNetworkProblems(lab)) ctx.addIssue({ code: 'custom', path, message });
}

export const terminalEntrySchema = z.strictObject({
  command: text,
  output: z.string(),
  /** Why this entry is shown but not replayed in the lab (a program the lab image does not have). */
  not_replayed: text.optional(),
});

export const terminalSchema = z
  .strictObject({
    hostname: labHostLabel,
    user: labAccountName,
    cwd: text.startsWith('/', 'must be an absolute path'),
    clock: isoDateTime.optional(),
    entries: z.array(terminalEntrySchema).default([]),
    files: z.record(z.string().startsWith('/', 'file paths must be absolute'), terminalFileSchema).default({}),
    /** Shell commands that solve the quiz in its lab: never shown; the replay checks they print an answer. */
    solution: text.optional(),
    ...labNetworkFields,
  })
  .superRefine((terminal, ctx) => {
    if (terminal.entries.length === 0 && Object.keys(terminal.files).length === 0)
      ctx.addIssue({ code: 'custom', message: 'needs at least one entry or one file' });
    checkLabNetwork(terminal, ctx);
  });

/**
 * A lab preset (`targets/<name>/preset.yaml`): what every lab of a target repeats (its host, its service, its code),
 * which a quiz's terminal or a challenge's lab names with `uses` (lab-presets.ts). `source:` is relative to the preset.
 */
export const labPresetSchema = z.strictObject({
  network: labNetwork.optional(),
  hosts: z.array(labHost).optional(),
  services: z.array(labService).optional(),
  files: z.record(z.string().startsWith('/', 'file paths must be absolute'), terminalFileSchema).optional(),
});

/** One absolute path or a list of them, always read as a list. */
const answerPlaces = z
  .union([text.startsWith('/', 'must be an absolute path'), z.array(text.startsWith('/', 'must be an absolute path')).min(1)])
  .transform((places) => (typeof places === 'string' ? [places] : places));

export const quizSchema = z
  .strictObject({
    title: text,
    question: text,
    answer: answers,
    case_sensitive: z.boolean().default(false),
    answer_format: text.optional(),
    points: contentPoints.default(10),
    /** Markdown shown once the quiz is solved: why that is the answer, and what a professional would do next. */
    explanation: text.optional(),
    /**
     * Why the learner's account may read the answer in the lab: the skill is reading it (a log, a file). Without
     * it, `content validate` probes the lab for the answer and reports it wherever it lies open.
     */
    answer_visible: text.optional(),
    /**
     * The files the technique leads to, where the learner reads the answer: the probe lets it lie there, and
     * nowhere else (a level's password file in the Linux Ladder).
     */
    answer_at: answerPlaces.optional(),
    /** Markdown shown when the learner takes it; `hint_cost` points come off the quiz's award (0: free). */
    hint: text.optional(),
    hint_cost: contentPoints.optional(),
    terminal: terminalSchema.optional(),
  })
  .superRefine((quiz, ctx) => {
    if (quiz.hint !== undefined && quiz.hint_cost === undefined)
      ctx.addIssue({ code: 'custom', path: ['hint_cost'], message: 'is required with a hint (0 makes it free)' });
    if (quiz.hint === undefined && quiz.hint_cost !== undefined)
      ctx.addIssue({ code: 'custom', path: ['hint'], message: 'is required with a hint_cost' });
    if (quiz.hint_cost !== undefined && quiz.hint_cost > quiz.points)
      ctx.addIssue({ code: 'custom', path: ['hint_cost'], message: 'must not exceed the quiz points' });
  });

export const badgeSchema = z
  .strictObject({
    slug: text.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
    name: text,
    description: text,
    image: text.optional(),
    points: contentPoints,
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
    points: contentPoints.positive(),
    hint: text,
    hint_cost: contentPoints,
    /** Shell commands that answer the step in the challenge's lab: never shown; the replay checks them. */
    solution: text.optional(),
    /** Why the learner's account may read the answer in the lab (as a quiz's `answer_visible`). */
    answer_visible: text.optional(),
    /** The files the technique leads to, where the learner reads the answer (as a quiz's `answer_at`). */
    answer_at: answerPlaces.optional(),
  })
  .refine((step) => step.hint_cost <= step.points, { path: ['hint_cost'], message: 'must not exceed the step points' });

/** A challenge's lab beyond its attachments: files placed as root places them, a network, hosts and services. */
export const challengeLabSchema = z
  .strictObject({
    files: z.record(z.string().startsWith('/', 'file paths must be absolute'), terminalFileSchema).default({}),
    ...labNetworkFields,
  })
  .superRefine((lab, ctx) => checkLabNetwork({ hostname: defaultLabIdentity.hostname, ...lab }, ctx));

export const challengeSchema = z.strictObject({
  title: text,
  summary: text,
  description: text,
  category: z.enum(CHALLENGE_CATEGORIES),
  difficulty,
  access,
  steps: z.array(challengeStepSchema).min(3, 'needs 3 to 6 steps').max(6, 'needs 3 to 6 steps'),
  attachments: z.array(text).default([]),
  lab: challengeLabSchema.optional(),
});
