import path from 'node:path';
import { formatProblems, shippedContentDir, type Problem } from '@bastion/content';
import { migrateDatabase } from '@bastion/db';
import {
  LabRunner,
  localReplayVerdictsFile,
  openReplayVerdicts,
  recordingsOf,
  labEnvironment,
  replayRecordings,
  shippedReplayVerdictsFile,
  type Recording,
} from '@bastion/labs/node';
import { importAs, type ImportFormat } from '../features/content/content.operator.ts';
import { validateContent } from '../features/content/import-content.ts';
import {
  defineCommand,
  PartialFailure,
  ReportedFailure,
  UsageError,
  type CommandContext,
  type CommandInput,
} from './command.ts';

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Problem paths relative to where the operator stands, so terminals and editors can open them; warnings follow,
 * marked as such, then one line that counts them.
 */
function problemLines(root: string, problems: Problem[], warnings: Problem[], outcome: string): string[] {
  const lines = [...formatProblems(problems, root), ...warningLines(root, warnings)];
  const also = warnings.length > 0 ? ` (and ${counted(warnings.length, 'warning')})` : '';
  lines.push(`${counted(problems.length, 'problem')} found${also}${outcome}.`);
  return lines;
}

/** `file:line: warning: message`, as compilers write them. */
function warningLines(root: string, warnings: Problem[]): string[] {
  return formatProblems(
    warnings.map((warning) => ({ ...warning, message: `warning: ${warning.message}` })),
    root,
  );
}

/** The folder the command names, else `fallback`. */
function folder(input: CommandInput, fallback = shippedContentDir): string {
  return path.resolve(input.positionals[0] ?? fallback);
}

function source(input: CommandInput): string | undefined {
  const value = input.values.source;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw new UsageError('--source needs a name');
  return value.trim();
}

/**
 * Boots the lab image once and replays every recording in it, but for those that replayed clean before with the same
 * input in the same environment (replay-cache.ts: the shipped curriculum's verdicts are committed in labs/, another
 * folder's kept on this machine; one of them, chosen at random, is replayed again anyway).
 */
async function replayInLab(root: string, recordings: Recording[], useCache: boolean) {
  const environment = await labEnvironment();
  const file = root === shippedContentDir ? shippedReplayVerdictsFile : localReplayVerdictsFile(root);
  const verdicts = useCache ? await openReplayVerdicts(file, environment) : undefined;
  const runner = await LabRunner.ready();
  try {
    return await replayRecordings(runner, recordings, { verdicts, environment });
  } finally {
    await runner.destroy();
  }
}

/**
 * Migrates, then imports as the console does (content.operator.ts). Problems that refused the import are the
 * report; a CTFd import that left some challenges out prints what it imported and exits 1.
 */
async function runImport(format: ImportFormat, input: CommandInput, { db, database, config, actor }: CommandContext) {
  // Without a folder, the one the server imports at start: CONTENT_DIR, else the shipped content/.
  const root = folder(input, config.contentDir);
  await migrateDatabase(database);
  const { summary, refused } = await importAs(db, actor, { format, dir: root, source: source(input) });
  if (refused)
    throw new ReportedFailure(problemLines(root, refused.problems, refused.warnings, '; nothing was imported'));
  const printed = {
    ...summary,
    problems: formatProblems(summary.problems, root),
    warnings: formatProblems(summary.warnings, root),
  };
  if (summary.problems.length === 0) return printed;
  const outcome = '; the challenges they name were left out, the others were imported';
  throw new PartialFailure(problemLines(root, summary.problems, [], outcome), printed);
}

export const contentCommands = [
  defineCommand({
    name: 'content validate',
    usage: 'content validate [dir] [--strict] [--no-replay] [--no-cache]',
    summary:
      "check a content folder (default: the shipped content/), then replay every quiz terminal in the real lab image (--no-replay: skip that; a lab that replayed clean before with the same setup, commands and answers in the same image and emulator is replayed again only when chosen at random, one per run, --no-cache: replay all); prints every problem as file:line: message. The curriculum's rules (a lesson's word floor, quiz explanations, fields the format no longer reads, …) are warnings, or problems with --strict, which CI uses on content/",
    options: { 'no-replay': { type: 'boolean' }, 'no-cache': { type: 'boolean' }, strict: { type: 'boolean' } },
    positionals: { min: 0, max: 1 },
    offline: true,
    async run(input) {
      const root = folder(input);
      const { content, problems, warnings } = await validateContent(root, { strict: input.values.strict === true });
      if (problems.length > 0) throw new ReportedFailure(problemLines(root, problems, warnings, ''));
      const replay = input.values['no-replay']
        ? null
        : await replayInLab(root, await recordingsOf(content, root), input.values['no-cache'] !== true);
      if (replay && replay.problems.length > 0)
        throw new ReportedFailure(problemLines(root, replay.problems, warnings, ' replaying the recorded sessions'));
      const modules = content.courses.flatMap((c) => c.modules);
      return {
        valid: true,
        dir: root,
        courses: content.courses.length,
        modules: modules.length,
        items: modules.reduce((n, m) => n + m.items.length, 0),
        badges: content.badges.length,
        challenges: content.challenges.length,
        warnings: formatProblems(warnings, root),
        ...(replay && {
          replayed: {
            labs: replay.labs,
            entries: replay.replayed,
            not_replayed: replay.notReplayed,
            solutions: replay.solved,
            cached: replay.cached,
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
      "migrate, then import a content folder (default: the server's, CONTENT_DIR or the shipped content/), upserting by slug; content that left the folder is hidden. The curriculum's rules are warnings here",
    options: { source: { type: 'string' } },
    positionals: { min: 0, max: 1 },
    check: (input) => void source(input),
    run: (input, context) => runImport('content', input, context),
  }),
  defineCommand({
    name: 'content import-ctfd',
    usage: 'content import-ctfd <dir> [--source NAME]',
    summary:
      'migrate, then import CTFd challenge.yml files found under <dir>, one challenge of one step each; a challenge with a problem is left out and the others are imported (exit status 1 when any was left out)',
    options: { source: { type: 'string' } },
    positionals: 1,
    check: (input) => void source(input),
    run: (input, context) => runImport('ctfd', input, context),
  }),
];
