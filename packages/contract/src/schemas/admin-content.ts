import { z } from 'zod';

/** A problem or warning of a content folder: the file (relative to the folder), the line, what is wrong. */
export const contentProblem = z.object({ file: z.string(), line: z.number().int(), message: z.string() });
export type ContentProblem = z.infer<typeof contentProblem>;

/** How many problems and warnings an answer lists at most; the counts beside them say how many there were. */
export const CONTENT_PROBLEMS_LISTED = 200;

export const IMPORTED_KINDS = ['courses', 'modules', 'items', 'challenges', 'badges'] as const;
export type ImportedKind = (typeof IMPORTED_KINDS)[number];

/** What a folder holds, as the loader read it. */
export const contentFolderCounts = z.object({
  courses: z.number().int(),
  modules: z.number().int(),
  items: z.number().int(),
  badges: z.number().int(),
  challenges: z.number().int(),
});
export type ContentFolderCounts = z.infer<typeof contentFolderCounts>;

/** What an import found in its folder, and the rows it created, changed and hid. */
export const contentImportCounts = contentFolderCounts.extend({
  steps: z.number().int(),
  media: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  hidden: z.number().int(),
  stored: z.number().int(),
});
export type ContentImportCounts = z.infer<typeof contentImportCounts>;

export const CONTENT_IMPORT_OUTCOMES = ['imported', 'partial', 'refused'] as const;
export type ContentImportOutcome = (typeof CONTENT_IMPORT_OUTCOMES)[number];

/** One import, at a server start or by an operator. */
export const contentImportRun = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  via: z.enum(['server', 'cli', 'console']),
  format: z.enum(['content', 'ctfd']),
  dir: z.string(),
  source: z.string(),
  /** `partial`: some CTFd challenges were left out, each for its problems. */
  outcome: z.enum(CONTENT_IMPORT_OUTCOMES),
  counts: contentImportCounts.nullable(),
  problem_count: z.number().int(),
  problems: z.array(contentProblem),
  warning_count: z.number().int(),
  warnings: z.array(contentProblem),
});
export type ContentImportRun = z.infer<typeof contentImportRun>;

/** `GET /api/admin/content/`: what is imported, and the last import. */
export const contentOverview = z.object({
  /** The content folder the server imports at start, and the console validates and imports. */
  dir: z.string(),
  imported: z.array(z.object({ kind: z.enum(IMPORTED_KINDS), visible: z.number().int(), hidden: z.number().int() })),
  last_import: contentImportRun.nullable(),
});
export type ContentOverview = z.infer<typeof contentOverview>;

/** `POST /api/admin/content/dry-run/`: the server's content folder validated, nothing written. */
/** The kinds of imported rows a dry run lists, and what the import would do to each. */
export const CONTENT_CHANGE_KINDS = ['course', 'module', 'lesson', 'quiz', 'badge', 'challenge'] as const;
export const CONTENT_CHANGES = ['create', 'change', 'hide'] as const;

/** One row an import would create, change (its values, or shown again) or hide (it left the folder). */
export const contentChange = z.object({
  change: z.enum(CONTENT_CHANGES),
  kind: z.enum(CONTENT_CHANGE_KINDS),
  slug: z.string(),
  title: z.string(),
});
export type ContentChange = z.infer<typeof contentChange>;

export const contentDryRun = z.object({
  dir: z.string(),
  /** No problem: the import would go ahead (warnings do not stop it). */
  valid: z.boolean(),
  folder: contentFolderCounts,
  problem_count: z.number().int(),
  problems: z.array(contentProblem),
  warning_count: z.number().int(),
  warnings: z.array(contentProblem),
  /**
   * What the import would do, row by row (the first CONTENT_PROBLEMS_LISTED), and how many of each; null when the
   * folder has problems. A challenge's steps are not listed: a changed step shows as nothing here.
   */
  changes: z.array(contentChange).nullable(),
  change_counts: z.object({ create: z.number().int(), change: z.number().int(), hide: z.number().int() }).nullable(),
});
export type ContentDryRun = z.infer<typeof contentDryRun>;

/**
 * The dry run and the import take no payload (no body, or an empty JSON object): the folder is the server's
 * CONTENT_DIR, never one a request names.
 */
export const contentActionBody = z.strictObject({}).nullish();

/** Texts of the console's content page that the server sends. */
export const CONTENT_ADMIN_MESSAGES = {
  refused: 'The content folder has problems; nothing was imported.',
  /** 409: the console checks or imports the folder once at a time, across the server's instances. */
  busy: 'The content folder is being checked or imported already. Try again once that has finished.',
} as const;
