import path from 'node:path';
import { migrateDatabase } from '@bastion/db';
import type { Problem } from '../modules/content/content.model.ts';
import { ContentProblems, formatProblems, importContent, validateContent } from '../modules/content/import-content.ts';
import { importCtfd } from '../modules/content/import-ctfd.ts';
import { shippedContentDir } from '../modules/content/import-source.ts';
import { defineCommand, ReportedFailure, UsageError, type CommandInput } from './command.ts';

/** Problem paths relative to where the operator stands, so terminals and editors can open them. */
function problemLines(root: string, problems: Problem[], outcome: string): string[] {
  const lines = formatProblems(problems, root);
  lines.push(`${problems.length} problem${problems.length === 1 ? '' : 's'} found${outcome}.`);
  return lines;
}

function folder(input: CommandInput): string {
  return path.resolve(input.positionals[0] ?? shippedContentDir);
}

function source(input: CommandInput): string | undefined {
  const value = input.values.source;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw new UsageError('--source needs a name');
  return value.trim();
}

/** Runs an import, turning content problems into a report of every problem. */
async function reportProblems<T>(root: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentProblems)
      throw new ReportedFailure(problemLines(root, error.problems, '; nothing was imported'));
    throw error;
  }
}

export const contentCommands = [
  defineCommand({
    name: 'content validate',
    usage: 'content validate [dir]',
    summary: 'check a content folder (default: the shipped content/); prints every problem as file:line: message',
    options: {},
    positionals: { min: 0, max: 1 },
    offline: true,
    async run(input) {
      const root = folder(input);
      const { content, problems } = await validateContent(root);
      if (problems.length > 0) throw new ReportedFailure(problemLines(root, problems, ''));
      const modules = content.courses.flatMap((c) => c.modules);
      return {
        valid: true,
        dir: root,
        courses: content.courses.length,
        modules: modules.length,
        items: modules.reduce((n, m) => n + m.items.length, 0),
        badges: content.badges.length,
        challenges: content.challenges.length,
      };
    },
  }),
  defineCommand({
    name: 'content import',
    usage: 'content import [dir] [--source NAME]',
    summary:
      'migrate, then import a content folder (default: the shipped content/), upserting by slug; content that left the folder is hidden',
    options: { source: { type: 'string' } },
    positionals: { min: 0, max: 1 },
    check: (input) => void source(input),
    async run(input, { db, database }) {
      const root = folder(input);
      await migrateDatabase(database);
      return reportProblems(root, () => importContent(db, root, { source: source(input) }));
    },
  }),
  defineCommand({
    name: 'content import-ctfd',
    usage: 'content import-ctfd <dir> [--source NAME]',
    summary: 'migrate, then import CTFd challenge.yml files found under <dir>, one challenge of one step each',
    options: { source: { type: 'string' } },
    positionals: 1,
    check: (input) => void source(input),
    async run(input, { db, database }) {
      const root = folder(input);
      await migrateDatabase(database);
      return reportProblems(root, () => importCtfd(db, root, { source: source(input) }));
    },
  }),
];
