import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/** A problem or warning of an import, as content validation reports it: the file, the line, what is wrong. */
export interface StoredContentProblem {
  file: string;
  line: number;
  message: string;
}

/** What an import found in its folder and changed (null when it was refused). */
export interface StoredImportCounts {
  courses: number;
  modules: number;
  items: number;
  badges: number;
  challenges: number;
  steps: number;
  media: number;
  created: number;
  updated: number;
  hidden: number;
  stored: number;
}

/**
 * Every content import, imported or refused: at each server start, and by an operator (CLI or console). The
 * console's content page shows the last one with its problems and warnings. The lists keep their first
 * entries only (the counts say how many there were).
 */
export const contentImports = pgTable(
  'content_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', timestamps).notNull().defaultNow(),
    /** The staff account of a console import; null for the CLI and the server. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** `server` (its start), `cli` or `console`. */
    via: text('via').notNull(),
    /** `content` (a content folder) or `ctfd` (CTFd challenge files). */
    format: text('format').notNull(),
    dir: text('dir').notNull(),
    source: text('source').notNull(),
    /** `imported`, `partial` (some challenges were left out, each for its problems) or `refused` (nothing was). */
    outcome: text('outcome').notNull(),
    counts: jsonb('counts').$type<StoredImportCounts>(),
    problemCount: integer('problem_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    problems: jsonb('problems').$type<StoredContentProblem[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<StoredContentProblem[]>().notNull().default([]),
  },
  (t) => [index('content_imports_at_idx').on(t.at.desc(), t.id)],
);
