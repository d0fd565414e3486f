import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { optionalParam, pageNumber, paged, pageSize, uuidField } from './common.ts';
import { line, text } from './text.ts';
import { labAccount, labHost, labNetwork, labService } from './lab-network.ts';

/** Server texts of the learning calls (R13). */
export const LEARNING_MESSAGES = {
  courseEnrolled: 'You have enrolled in the course.',
  moduleEnrolled: 'You have enrolled in the module.',
  lessonCompleted: 'Lesson completed successfully.',
  enrollFirst: 'Enroll in this module first.',
  premiumRequired: 'This content is part of Premium. Upgrade your plan to unlock it.',
  quizCorrect: 'Correct answer!',
  quizAlreadySolved: 'Correct answer! You already solved this quiz.',
  quizIncorrect: 'Incorrect answer. Please try again.',
  answerThrottled: 'Too many wrong answers. Please wait before trying again.',
  failedEnrollCourse: 'Failed to enroll in the course.',
  failedEnrollModule: 'Failed to enroll in the module.',
  failedSubmitQuiz: 'Failed to submit the quiz.',
  failedCompleteLesson: 'Failed to complete the lesson.',
  hintFetched: 'Hint fetched successfully.',
  failedFetchHint: 'Failed to fetch hint.',
} as const;

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const difficultySchema = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof difficultySchema>;

export const ACCESS_LEVELS = ['free', 'premium'] as const;
export const accessSchema = z.enum(ACCESS_LEVELS);
export type Access = z.infer<typeof accessSchema>;

export const MODULE_ACCESS_FILTERS = ['all', 'free', 'premium', 'enrolled', 'completed'] as const;
export const moduleAccessFilter = z.enum(MODULE_ACCESS_FILTERS);
export type ModuleAccessFilter = z.infer<typeof moduleAccessFilter>;

/** Learner state shared by courses and modules. `locked`: premium content and the learner is not premium. */
const learnerState = {
  enrolled: z.boolean(),
  /** Completed visible lessons and quizzes, 0–100 (rounded down: 100 only when everything is done). */
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  /** The completion record's id (`/completion/course|module/{id}`), once completed. */
  completion_id: z.uuid().nullable(),
  locked: z.boolean(),
};

export const courseSummary = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  difficulty: difficultySchema,
  access: accessSchema,
  image: z.string().nullable(),
  /** Sum of its visible modules' estimated minutes (computed from their lessons and quizzes). */
  minutes: z.number().int(),
  modules_count: z.number().int(),
  items_count: z.number().int(),
  /** Points its visible modules are worth: their lessons, quizzes and module bonuses. */
  points: z.number().int(),
  /** Paid once on completing the course, on top of `points`. */
  completion_bonus: z.number().int(),
  /** Courses to take first, in order, each with the skills this course uses from it (inline Markdown). */
  prerequisites: z.array(z.object({ id: z.uuid(), slug: z.string(), title: z.string(), skills: z.string() })),
  ...learnerState,
});
export type CourseSummary = z.infer<typeof courseSummary>;
export const courseListResponse = z.array(courseSummary);

export const moduleSummary = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  difficulty: difficultySchema,
  /** `premium` when the module or its course is premium. */
  access: accessSchema,
  image: z.string().nullable(),
  /** Estimated minutes: the sum of its lessons' and quizzes'. */
  minutes: z.number().int(),
  /** Position in its course, 1-based as authored. */
  order: z.number().int(),
  course: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  lessons_count: z.number().int(),
  quizzes_count: z.number().int(),
  /** Points its lessons and quizzes are worth (the module bonus not included). */
  points: z.number().int(),
  /** Paid once on completing the module, on top of `points`. */
  completion_bonus: z.number().int(),
  ...learnerState,
  /** Whether the learner has dismissed the one-time "share your completion" prompt. */
  share_seen: z.boolean(),
});
export type ModuleSummary = z.infer<typeof moduleSummary>;

export const courseModulesResponse = z.object({ course: courseSummary, modules: z.array(moduleSummary) });
export type CourseModules = z.infer<typeof courseModulesResponse>;

export const moduleListQuery = z.object({
  page: optionalParam(pageNumber).transform((value) => value ?? PAGING.defaultPage),
  page_size: optionalParam(pageSize).transform((value) => value ?? PAGING.defaultPageSize),
  difficulty: optionalParam(difficultySchema),
  /** A course id. */
  course: optionalParam(uuidField()),
  access: optionalParam(moduleAccessFilter).transform((value) => value ?? 'all'),
  /** Full text over title and summary (web-search syntax: words, "phrases", -excluded). */
  search: optionalParam(line().trim().max(200)),
});
export type ModuleListQuery = z.infer<typeof moduleListQuery>;
export const moduleListResponse = paged(moduleSummary);

export const lessonItem = z.object({
  type: z.literal('lesson'),
  id: z.uuid(),
  order: z.number().int(),
  title: z.string(),
  /** Markdown. */
  content: z.string(),
  points: z.number().int(),
  /** Estimated minutes, computed from its text (0: not known). */
  minutes: z.number().int(),
  completed: z.boolean(),
});
export const quizItem = z.object({
  type: z.literal('quiz'),
  id: z.uuid(),
  order: z.number().int(),
  title: z.string(),
  question: z.string(),
  /** A mask such as `***.***.***.***`: `*` is any one character, others appear as written. */
  answer_format: z.string().nullable(),
  points: z.number().int(),
  /** Estimated minutes: reading the question, answering, and exploring its lab (0: not known). */
  minutes: z.number().int(),
  has_terminal: z.boolean(),
  solved: z.boolean(),
  /** The accepted answer, only once the learner solved the quiz; null otherwise. */
  answer_if_solved: z.string().nullable(),
  /** Markdown: why that is the answer and what to do next, only once the learner solved the quiz; null otherwise. */
  explanation: z.string().nullable(),
  /** Whether the quiz offers a hint (`POST /api/courses/quiz/{id}/hint/`). */
  has_hint: z.boolean(),
  /** Points the hint takes off the quiz's award (0: free, or no hint). */
  hint_cost: z.number().int(),
  /** Whether the learner took the hint before solving the quiz. */
  hint_used: z.boolean(),
  /** The hint's Markdown, only once taken or once the quiz is solved; null otherwise. */
  hint: z.string().nullable(),
});
export const moduleItem = z.discriminatedUnion('type', [lessonItem, quizItem]);
export type LessonItem = z.infer<typeof lessonItem>;
export type QuizItem = z.infer<typeof quizItem>;
export type ModuleItem = z.infer<typeof moduleItem>;

export const moduleLessonsResponse = z.object({ module: moduleSummary, items: z.array(moduleItem) });
export type ModuleLessons = z.infer<typeof moduleLessonsResponse>;

/**
 * What an action completed. `points_awarded` is the action's own points (0 on a repeat); the
 * completion fields are true and carry the new record's id only on the request that completed it.
 */
const completionOutcome = {
  points_awarded: z.number().int(),
  module_completed: z.boolean(),
  module_completion_id: z.uuid().nullable(),
  course_completed: z.boolean(),
  course_completion_id: z.uuid().nullable(),
};
export const completionOutcomeSchema = z.object(completionOutcome);
export type CompletionOutcome = z.infer<typeof completionOutcomeSchema>;

export const lessonCompleteResponse = z.object({ detail: z.string(), ...completionOutcome });
export type LessonCompleteResponse = z.infer<typeof lessonCompleteResponse>;

export const quizAnswerBody = z.strictObject({
  answer: text().trim().min(1, 'This field may not be blank.').max(1000),
});
export type QuizAnswerBody = z.infer<typeof quizAnswerBody>;
export const quizAnswerResponse = z.object({
  correct: z.boolean(),
  detail: z.string(),
  ...completionOutcome,
  /** The quiz's explanation (Markdown) when the answer is correct; null when wrong or the quiz has none. */
  explanation: z.string().nullable(),
});
export type QuizAnswerResponse = z.infer<typeof quizAnswerResponse>;

export const quizHintResponse = z.object({
  detail: z.string(),
  /** Markdown. */
  hint: z.string(),
  /** What the hint costs this learner: its cost, or 0 when the quiz was solved without it. */
  hint_cost: z.number().int(),
});
export type QuizHintResponse = z.infer<typeof quizHintResponse>;

/**
 * Who owns a lab file, its mode (octal, as chmod takes it) and time (ISO 8601; null: the lab's clock at start); how
 * its text in `files` is encoded (base64 for bytes; command: a shell command whose output the setup writes there), or
 * which file of the lab image it copies (its text is then "").
 */
export const terminalFileAttributes = z.object({
  owner: z.string(),
  group: z.string(),
  mode: z.string(),
  mtime: z.string().nullable(),
  directory: z.boolean(),
  encoding: z.enum(['utf-8', 'base64', 'command']),
  copy_of: z.string().nullable(),
});
export type TerminalFileAttributes = z.infer<typeof terminalFileAttributes>;

/**
 * What a lab's user may not read (other accounts' files, the services, the accounts' passwords), sealed for the
 * guest (docs/labs.md, "What a lab hides"): AES-256-CTR under a key derived from the lab image and `salt`.
 */
export const sealedLab = z.object({
  /** 32 hex digits: the counter's first block, and what the keys are derived with. */
  salt: z.string().regex(/^[0-9a-f]{32}$/),
  /** The sealed shell script, in base64. */
  data: z.string(),
  /** Whether the sealed part lays out a lab network with other machines on it (they are the learner's to discover). */
  networked: z.boolean(),
});
export type SealedLab = z.infer<typeof sealedLab>;

/** What a lab holds: its files with their attributes, its network, hosts and services. */
export const labContent = z.object({
  /** Every file's text; a directory's is "". */
  files: z.record(z.string(), z.string()),
  /** The attributes of every path in `files`. */
  file_attributes: z.record(z.string(), terminalFileAttributes),
  /** The learner's machine on a lab network; null: the lab has no network. */
  network: labNetwork.nullable(),
  /** The other machines on the lab network. */
  hosts: z.array(labHost),
  /** The programs the lab starts at setup and keeps running. */
  services: z.array(labService),
  /** Accounts with a login password (for `su`). */
  accounts: z.array(labAccount),
  /** Whether the learner sees every account's processes (the lab teaches listing them); false: only their own. */
  processes_visible: z.boolean(),
  /** Whether the learner's tcpdump may capture on the lab network without root (the lab teaches capturing). */
  packet_capture: z.boolean(),
  /**
   * The part of the lab its user may not read, sealed; null: nothing is. Files, services and accounts above are then
   * only those the learner may see, and the network and hosts are in the sealed part.
   */
  sealed: sealedLab.nullable(),
  /**
   * The lab image's tools its recording and solutions run (nmap, curl, dig…): the page fetches their files in the
   * background once the prompt shows, so that a first run does not wait for them. Names only, never how they are used.
   */
  tools: z.array(z.string()),
});
export type LabContent = z.infer<typeof labContent>;

export const terminalContentResponse = labContent.extend({
  hostname: z.string(),
  user: z.string(),
  cwd: z.string(),
  /** The lab's date and time (ISO 8601); null: the learner's own clock. */
  clock: z.string().nullable(),
  /** A recorded session; an entry with `not_replayed` (the reason) is shown but not run in the lab. */
  entries: z.array(z.object({ command: z.string(), output: z.string(), not_replayed: z.string().optional() })),
});
export type TerminalContent = z.infer<typeof terminalContentResponse>;

export const shareSeenResponse = z.object({ share_seen: z.boolean() });

export const moduleProgressItem = z.object({
  module: moduleSummary,
  progress: z.number().int().min(0).max(100),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  completion_id: z.uuid().nullable(),
  /** Last enrollment, lesson completion or quiz answer in the module. */
  last_activity: z.string(),
});
export type ModuleProgressItem = z.infer<typeof moduleProgressItem>;
export const moduleProgressResponse = paged(moduleProgressItem);

export const POINT_SOURCE_TYPES = [
  'lesson',
  'quiz',
  'module',
  'course',
  'badge',
  'challenge_step',
  'coupon',
  'adjustment',
] as const;
export const pointsHistoryItem = z.object({
  id: z.uuid(),
  points: z.number().int(),
  reason: z.string(),
  source_type: z.enum(POINT_SOURCE_TYPES),
  created_at: z.string(),
});
export type PointsHistoryItem = z.infer<typeof pointsHistoryItem>;
export const pointsHistoryResponse = paged(pointsHistoryItem);
