import path from 'node:path';
import { formatProblems, shippedContentDir, type Problem } from '@bastion/content';
import { migrateDatabase } from '@bastion/db';
import { LabRunner, recordingsOf, replayRecordings, type Recording } from '@bastion/labs/node';
import { ContentProblems, importContent, validateContent } from '../modules/content/import-content.ts';
import { importCtfd } from '../modules/content/import-ctfd.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { defineCommand, ReportedFailure, UsageError, type CommandInput } from './command.ts';

/** A cold boot takes 15 to 60 s on a loaded machine. */
const labBootTimeoutMs = 180_000;

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

/** Boots the lab image once and replays every recording in it. */
async function replayInLab(recordings: Recording[]) {
  const { runner } = await LabRunner.boot(labBootTimeoutMs);
  try {
    return await replayRecordings(runner, recordings);
  } finally {
    await runner.destroy();
  }
}

export const contentCommands = [
  defineCommand({
    name: 'content validate',
    usage: 'content validate [dir] [--no-replay]',
    summary:
      'check a content folder (default: the shipped content/), then replay every quiz terminal in the real lab image (--no-replay: skip that); prints every problem as file:line: message',
    options: { 'no-replay': { type: 'boolean' } },
    positionals: { min: 0, max: 1 },
    offline: true,
    async run(input) {
      const root = folder(input);
      const { content, problems } = await validateContent(root);
      if (problems.length > 0) throw new ReportedFailure(problemLines(root, problems, ''));
      const replay = input.values['no-replay'] ? null : await replayInLab(await recordingsOf(content, root));
      if (replay && replay.problems.length > 0)
        throw new ReportedFailure(problemLines(root, replay.problems, ' replaying the recorded sessions'));
      const modules = content.courses.flatMap((c) => c.modules);
      return {
        valid: true,
        dir: root,
        courses: content.courses.length,
        modules: modules.length,
        items: modules.reduce((n, m) => n + m.items.length, 0),
        badges: content.badges.length,
        challenges: content.challenges.length,
        ...(replay && {
          replayed: {
            labs: replay.labs,
            entries: replay.replayed,
            not_replayed: replay.notReplayed,
            solutions: replay.solved,
            ms: replay.ms,
          },
        }),
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
    async run(input, { db, database, actor }) {
      const root = folder(input);
      await migrateDatabase(database);
      const result = await reportProblems(root, () => importContent(db, root, { source: source(input) }));
      const after = { format: 'content', dir: root, source: source(input) ?? null };
      await recordAudit(db, actor, { action: 'content.import', target: { type: 'content', label: root }, after });
      return result;
    },
  }),
  defineCommand({
    name: 'content import-ctfd',
    usage: 'content import-ctfd <dir> [--source NAME]',
    summary: 'migrate, then import CTFd challenge.yml files found under <dir>, one challenge of one step each',
    options: { source: { type: 'string' } },
    positionals: 1,
    check: (input) => void source(input),
    async run(input, { db, database, actor }) {
      const root = folder(input);
      await migrateDatabase(database);
      const result = await reportProblems(root, () => importCtfd(db, root, { source: source(input) }));
      const after = { format: 'ctfd', dir: root, source: source(input) ?? null };
      await recordAudit(db, actor, { action: 'content.import', target: { type: 'content', label: root }, after });
      return result;
    },
  }),
];
