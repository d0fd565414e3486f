import type { LabAccount, LabHost, LabNetwork, LabService } from '@bastion/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// The enumerations have one home, the contract: the columns hold its values.
import type { Access, BadgeRuleKind, ChallengeCategory, Difficulty } from '@bastion/contract';
import { timestamps } from './timestamps.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Columns every imported row carries. `source` names the content folder it came from, so
 * content that leaves its folder is hidden (never deleted) without touching other folders' rows.
 */
const imported = {
  slug: text('slug').notNull(),
  source: text('source').notNull(),
  position: integer('position').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', timestamps).notNull().defaultNow(),
};

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...imported,
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    access: text('access').$type<Access>().notNull(),
    /** A `/media/…` path, or null. */
    image: text('image'),
    /** Courses to take first, by slug, with the skills used from each (content's `prerequisites`). */
    prerequisites: jsonb('prerequisites').$type<{ course: string; skills: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('courses_slug_key').on(t.slug)],
);

export const modules = pgTable(
  'modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...imported,
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    access: text('access').$type<Access>().notNull(),
    minutes: integer('minutes').notNull().default(0),
    image: text('image'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(summary, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('modules_course_slug_key').on(t.courseId, t.slug),
    index('modules_search_idx').using('gin', t.search),
  ],
);

/** A quiz's lab file as its author wrote it: text, or an object with one of content, base64, copy_of, generate or directory. */
export type TerminalFileContent =
  | string
  | {
      content?: string;
      base64?: string;
      copy_of?: string;
      generate?: string;
      directory?: true;
      owner?: string;
      group?: string;
      mode?: string;
      mtime?: string;
    };

/** A lab's secrets by name, each learner getting their own value (`LabSecrets` in @bastion/content). */
export type StoredLabSecrets = Record<
  string,
  { length: number; alphabet: 'alnum' | 'lower' | 'hex'; prefix: string; suffix: string; shared?: string }
>;

export interface TerminalContent {
  hostname: string;
  user: string;
  cwd: string;
  /** ISO 8601: the lab's date and time. */
  clock?: string;
  entries: { command: string; output: string; not_replayed?: string }[];
  /** The lab image's tools the entries and the solution run (LabContent's `tools`); unset in rows imported before. */
  tools?: string[];
  files: Record<string, TerminalFileContent>;
  network?: LabNetwork;
  hosts?: LabHost[];
  services?: LabService[];
  accounts?: LabAccount[];
  secrets?: StoredLabSecrets;
  /** Why the learner sees every account's processes; unset, /proc hides them. */
  processes_visible?: string;
  /** Why the learner captures packets; unset, only root may. */
  packet_capture?: string;
}

/** A challenge's lab besides its attachments: files, a network, hosts and services, as its author wrote them. */
export interface ChallengeLabContent {
  files: Record<string, TerminalFileContent>;
  /** The lab image's tools the steps' solutions run (LabContent's `tools`). */
  tools?: string[];
  network?: LabNetwork;
  hosts?: LabHost[];
  services?: LabService[];
  accounts?: LabAccount[];
  secrets?: StoredLabSecrets;
  /** Why the learner sees every account's processes; unset, /proc hides them. */
  processes_visible?: string;
  /** Why the learner captures packets; unset, only root may. */
  packet_capture?: string;
}

/** A module's ordered items: lessons (Markdown) and quizzes (question, accepted answers, terminal). */
export const moduleItems = pgTable(
  'module_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...imported,
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'lesson' | 'quiz'>().notNull(),
    title: text('title').notNull(),
    points: integer('points').notNull(),
    minutes: integer('minutes'),
    /** Lesson Markdown. */
    content: text('content'),
    question: text('question'),
    /** Accepted answers (quizzes only). Never sent to a client that has not solved the quiz. */
    answers: jsonb('answers').$type<string[]>(),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    answerFormat: text('answer_format'),
    terminal: jsonb('terminal').$type<TerminalContent>(),
    /** Quiz Markdown shown once the learner has solved it: why that is the answer, and what to do next. */
    explanation: text('explanation'),
    /** Quiz hint Markdown, shown once the learner takes it; null: the quiz has none. */
    hint: text('hint'),
    /** Points the hint takes off the quiz's award (0: free). */
    hintCost: integer('hint_cost').notNull().default(0),
  },
  (t) => [uniqueIndex('module_items_module_slug_key').on(t.moduleId, t.slug)],
);

export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...imported,
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image'),
    points: integer('points').notNull().default(0),
    ruleKind: text('rule_kind').$type<BadgeRuleKind>().notNull(),
    ruleThreshold: integer('rule_threshold').notNull().default(1),
  },
  (t) => [uniqueIndex('badges_slug_key').on(t.slug)],
);

export interface ChallengeAttachment {
  name: string;
  /** A `/media/…` path. */
  url: string;
  size: number;
}

export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...imported,
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').$type<ChallengeCategory>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    access: text('access').$type<Access>().notNull(),
    attachments: jsonb('attachments').$type<ChallengeAttachment[]>().notNull().default([]),
    lab: jsonb('lab').$type<ChallengeLabContent>(),
  },
  (t) => [uniqueIndex('challenges_slug_key').on(t.slug)],
);

export const challengeSteps = pgTable(
  'challenge_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    /** 1-based; the `n` of `/step/{n}/`. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    question: text('question').notNull(),
    answers: jsonb('answers').$type<string[]>().notNull(),
    /** CTFd regex flags: patterns matched against the whole trimmed answer. */
    answerPatterns: jsonb('answer_patterns').$type<string[]>().notNull().default([]),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    answerFormat: text('answer_format'),
    points: integer('points').notNull(),
    hint: text('hint').notNull().default(''),
    hintCost: integer('hint_cost').notNull().default(0),
    /** The shell commands that answer the step in the challenge's lab: the write-up shows them once it is solved. */
    solution: text('solution'),
  },
  (t) => [uniqueIndex('challenge_steps_position_key').on(t.challengeId, t.position)],
);
