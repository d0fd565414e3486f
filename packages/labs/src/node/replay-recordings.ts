import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  challengeLabContentOf,
  renderSecrets,
  sampleSecretValues,
  terminalContentOf,
  type Content,
  type Problem,
  type TerminalEntry,
} from '@bastion/content';
import type { LabContent } from '@bastion/contract';
import { challengeLabSetup } from '../challenge-lab-setup.ts';
import { defaultLabIdentity, type LabSpec } from '../lab-spec.ts';
import { labContentSetup, quizLabSetup } from '../quiz-lab-setup.ts';
import { sealLabContent } from '../sealed-setup.ts';
import { imageSealKey, sealLab } from './lab-seal.ts';
import { buildSetupScript, shellQuote } from '../setup-script.ts';
import { deliverSetup } from '../setup-drop.ts';
import { LabWaitError, type LabRunner } from './lab-runner.ts';
import { lineDiff, normaliseOutput } from './output-diff.ts';
import { secretsEarnedBefore } from './earned-secrets.ts';
import { recordingKey, type ReplayVerdicts } from './replay-cache.ts';
import { probeCommand, probeFinished, probeProblems, type ProbeTarget } from './shortcut-probe.ts';

/** Commands that answer a quiz or a challenge step in its lab; the last line they print must be an answer. */

export interface Solution {
  label: string;
  commands: string;
  answers: string[];
  caseSensitive: boolean;
  line: number;
}

/** The replay's seal: the image's key, as the server's, with a salt of its own. */
const sealForReplay = (script: string) => sealLab(script, imageSealKey(), 'content validate', 'replay');

const sealedChallengeLab = (lab: LabContent, secrets: string[]) =>
  sealLabContent(lab, { ...defaultLabIdentity, ...labContentSetup(lab) }, sealForReplay, secrets);

/** A lab to set up, the recorded entries to replay in it, and the solutions to run there, from one content file. */
export interface Recording {
  file: string;
  line: number;
  spec: LabSpec;
  entries: TerminalEntry[];
  solutions: Solution[];
  /** What the shortcut probe must not find in the lab, as the learner, before the entries run. */
  probes: ProbeTarget[];
}

export interface ReplayReport {
  problems: Problem[];
  /** Labs set up, entries run, entries shown only (`not_replayed`), and solutions that printed an answer. */
  labs: number;
  replayed: number;
  notReplayed: number;
  solved: number;
  /** Labs not set up again: they replayed clean before, with the same input in the same environment. */
  cached: number;
  ms: number;
}

/** What a replay needs of a lab runner. */
export type ReplayRunner = Pick<LabRunner, 'reset' | 'provision' | 'run'>;

export interface ReplayOptions {
  /** Earlier verdicts, in the environment they were reached in (replay-cache.ts). */
  verdicts?: ReplayVerdicts;
  environment?: string;
  /**
   * How many of the labs that passed before are replayed anyway (default 1), chosen at random on every run, so a
   * verdict that no longer holds is found (and forgotten) over runs even when nothing it depends on seems to have
   * changed.
   */
  recheck?: number;
  random?: () => number;
}

/** The terminal size every recording is replayed at. */
export const recordingColumns = 80;
export const recordingRows = 24;

/**
 * A command waiting for input leaves the guest idle and fails the wait after the stall time (progress-watch.ts); one
 * that keeps the guest busy this long loops. Nothing else has a deadline: a slow machine replays slowly, not wrongly.
 */
const commandCeilingMs = 600_000;

/** Every quiz terminal, and every challenge with a step solution (its lab holds the attachments at home). */
export async function recordingsOf(content: Content, root: string): Promise<Recording[]> {
  const earned = secretsEarnedBefore(content);
  const quizzes = content.courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.items.flatMap((item): Recording[] => {
        if (item.type !== 'quiz' || !item.terminal) return [];
        // One learner's secrets stand for every learner's: the lab, its recording and the answers all hold them.
        const values = sampleSecretValues(item.terminal.secrets ?? {});
        const terminal = renderSecrets(item.terminal, values);
        const solutions = terminal.solution
          ? [
              {
                label: 'terminal.solution',
                commands: terminal.solution,
                answers: renderSecrets(item.answers, values),
                caseSensitive: item.caseSensitive,
                line: terminal.solutionLine ?? terminal.line,
              },
            ]
          : [];
        // The lab the web app starts for the learner, from the terminal as the API answers it: sealed where its user
        // may not read.
        const content = terminalContentOf(terminal);
        const sealed = sealLabContent(content, quizLabSetup(content), sealForReplay, Object.values(values));
        const spec = { ...quizLabSetup(sealed), columns: recordingColumns, rows: recordingRows };
        const probes =
          item.answerVisible === undefined
            ? [
                {
                  label: 'answer',
                  line: terminal.line,
                  needles: [
                    ...renderSecrets(item.answers, values),
                    ...Object.entries(values)
                      .filter(([name]) => !earned.get(item.file)?.has(name))
                      .map(([, value]) => value),
                  ],
                  allowedAt: item.answerAt ?? [],
                },
              ]
            : [];
        return [{ file: item.file, line: terminal.line, spec, entries: terminal.entries, solutions, probes }];
      }),
    ),
  );
  const challenges = await Promise.all(
    content.challenges
      .filter((challenge) => challenge.steps.some((step) => step.solution))
      .map(async (challenge): Promise<Recording> => {
        // The lab the web app starts for the learner: each attachment in the learner's home directory, and what the
        // challenge's lab declares besides, as the API answers it.
        const attachments = challenge.attachments.map((file) => ({ name: file }));
        const values = sampleSecretValues(challenge.lab?.secrets ?? {});
        const spec = await challengeLabSetup(
          attachments,
          async ({ name }) => new Uint8Array(await readFile(path.join(root, name))),
          challenge.lab
            ? sealedChallengeLab(renderSecrets(challengeLabContentOf(challenge.lab), values), Object.values(values))
            : null,
        );
        const solutions = challenge.steps.flatMap((step, index) =>
          step.solution
            ? [
                {
                  label: `steps.${index}.solution`,
                  commands: renderSecrets(step.solution, values),
                  answers: renderSecrets(step.answers, values),
                  caseSensitive: step.caseSensitive,
                  line: step.line ?? 1,
                },
              ]
            : [],
        );
        const probes = [
          ...challenge.steps.flatMap((step, index) =>
            step.answerVisible === undefined
              ? [
                  {
                    label: `steps.${index}.answer`,
                    line: step.line ?? 1,
                    needles: renderSecrets(step.answers, values),
                    allowedAt: step.answerAt ?? [],
                  },
                ]
              : [],
          ),
          { label: 'lab.secrets', line: 1, needles: Object.values(values) },
        ];
        return { file: challenge.file, line: 1, spec, entries: [], solutions, probes };
      }),
  );
  return [...quizzes, ...challenges];
}

/**
 * Sets up each recording's lab on the machine and runs its entries in order in one shell, reporting every entry
 * whose real output differs from the recorded one, at the entry's line; then runs its solutions.
 */
export async function replayRecordings(
  runner: ReplayRunner,
  recordings: Recording[],
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  const started = performance.now();
  const report: ReplayReport = { problems: [], labs: 0, replayed: 0, notReplayed: 0, solved: 0, cached: 0, ms: 0 };
  const { verdicts, environment = '' } = options;
  const keys = await Promise.all(
    recordings.map(async (recording) => recordingKey(environment, await replayInput(recording))),
  );
  const skipped = verdicts ? cachedToSkip(keys, verdicts, options) : new Set<string>();
  for (const [index, recording] of recordings.entries()) {
    const key = keys[index]!;
    if (skipped.has(key)) {
      report.cached++;
      report.notReplayed += recording.entries.filter((entry) => entry.not_replayed !== undefined).length;
      continue;
    }
    const problemsBefore = report.problems.length;
    await replayOne(runner, recording, report);
    if (report.problems.length === problemsBefore) verdicts?.pass(key);
    else verdicts?.fail(key);
  }
  await verdicts?.save(new Set(keys));
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** The delivery's file names are new each time (setup-drop.ts): a fixed one stands for each in the key. */
const deliveredName = /\.lab-setup-[0-9a-f]{16}/g;

/**
 * What a recording's replay sends the guest, and what the guest's answers are held against: the key of its verdict
 * (replay-cache.ts). The setup as the lab runner delivers it (the script and the files put in the guest's
 * filesystem, a sealed part's bytes among them), the commands typed (the probe, the entries, the solutions), and the
 * recorded outputs, accepted answers and probed secrets; not the lab code that builds them, so a change to that code
 * which sends every guest the same keeps every verdict, and one that does not drops exactly the labs it changes.
 */
export async function replayInput({ spec, entries, solutions, probes }: Recording): Promise<unknown> {
  // Each byte as one character (latin1), so that the names in the script file can be replaced too.
  const files: [string, string][] = [];
  const fixed = (text: string) => text.replace(deliveredName, 'file');
  const drop = {
    putFile: async (name: string, bytes: Uint8Array) =>
      void files.push([fixed(name), fixed(Buffer.from(bytes).toString('latin1'))]),
    removeFile: () => undefined,
  };
  const { script } = await deliverSetup(drop, spec, {});
  return {
    setup: fixed(script),
    files,
    probe: probeCommand(probes),
    probes: probes.map(({ needles, allowedAt }) => ({ needles, allowedAt })),
    entries: entries.map(({ command, output, not_replayed }) => ({ command, output, not_replayed })),
    solutions: solutions.map(({ commands, answers, caseSensitive }) => ({
      command: solutionCommand(spec.cwd, commands),
      answers,
      caseSensitive,
    })),
  };
}

/** The labs that passed before, less a few chosen at random and replayed again to recheck them. */
function cachedToSkip(keys: string[], verdicts: ReplayVerdicts, options: ReplayOptions): Set<string> {
  const cached = [...new Set(keys.filter((key) => verdicts.passed(key)))];
  const random = options.random ?? Math.random;
  for (let i = cached.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cached[i], cached[j]] = [cached[j]!, cached[i]!];
  }
  return new Set(cached.slice(options.recheck ?? 1));
}

async function replayOne(runner: ReplayRunner, recording: Recording, report: ReplayReport): Promise<void> {
  const { file, spec, entries, solutions } = recording;
  const replayed = entries.filter((entry) => entry.not_replayed === undefined);
  report.notReplayed += entries.length - replayed.length;
  try {
    if (replayed.length === 0 && solutions.length === 0 && probeCommand(recording.probes) === null) {
      buildSetupScript(spec); // nothing to run: checking that the lab can be set up is enough
      return;
    }
    await runner.reset();
    await runner.provision(spec);
  } catch (error) {
    report.problems.push({ file, line: recording.line, message: `the lab did not start: ${messageOf(error)}` });
    return;
  }
  report.labs++;
  if (!(await runProbe(runner, recording, report))) return;
  for (const [index, entry] of entries.entries()) {
    if (entry.not_replayed !== undefined) continue;
    let printed: string;
    try {
      printed = await runner.run(entry.command, commandCeilingMs);
    } catch (error) {
      report.problems.push({
        file,
        line: entry.line,
        message: `terminal.entries.${index}: \`${entry.command}\` did not finish in the lab: ${unfinished(error)} (a command that waits for input cannot be replayed: mark it not_replayed)`,
      });
      return; // the shell is still busy: the rest of this lab cannot be replayed
    }
    report.replayed++;
    const recorded = normaliseOutput(entry.output);
    const real = normaliseOutput(printed);
    if (recorded === real) continue;
    report.problems.push({
      file,
      line: entry.line,
      message: [
        `terminal.entries.${index}: the lab prints something else for \`${entry.command}\` (- recorded, + lab):`,
        ...lineDiff(recorded, real).map((line) => `    ${line}`),
      ].join('\n'),
    });
  }
  for (const solution of solutions) {
    if (!(await runSolution(runner, recording, solution, report))) return;
  }
}

/**
 * The shortcut probe (shortcut-probe.ts), as the learner, before anything else runs in the lab: every accepted answer
 * and secret it finds open is a problem. False: the shell is stuck.
 */
async function runProbe(runner: ReplayRunner, { file, line, probes }: Recording, report: ReplayReport) {
  const command = probeCommand(probes);
  if (command === null) return true;
  let printed: string;
  try {
    printed = await runner.run(command, commandCeilingMs);
  } catch (error) {
    report.problems.push({ file, line, message: `the shortcut probe did not finish in the lab: ${unfinished(error)}` });
    return false;
  }
  if (!probeFinished(printed)) {
    report.problems.push({ file, line, message: 'the shortcut probe was cut short in the lab' });
    return true;
  }
  report.problems.push(...probeProblems(file, probes, printed));
  return true;
}

/** The last line a solution printed, as a learner would type it into the answer field. */
function lastLine(output: string): string {
  return (
    normaliseOutput(output)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .at(-1)
      ?.trim() ?? ''
  );
}

/** A solution as typed: in a subshell started in the lab's directory, decoded there so that quotes reach it intact. */
function solutionCommand(cwd: string, commands: string): string {
  const script = Buffer.from(commands).toString('base64');
  return `(cd ${shellQuote(cwd)} && eval "$(printf %s ${script} | base64 -d)")`;
}

/**
 * Runs a solution in the lab, in a subshell started in the lab's directory (after the recorded entries and the
 * solutions before it), and checks that the last line it prints is an accepted answer. False: the shell is stuck.
 */
async function runSolution(
  runner: ReplayRunner,
  { file, spec }: Recording,
  solution: Solution,
  report: ReplayReport,
): Promise<boolean> {
  const command = solutionCommand(spec.cwd, solution.commands);
  const at = { file, line: solution.line };
  let printed: string;
  try {
    printed = await runner.run(command, commandCeilingMs);
  } catch (error) {
    const message = `${solution.label} did not finish in the lab: ${unfinished(error)}`;
    report.problems.push({ ...at, message });
    return false;
  }
  const found = lastLine(printed);
  const fold = (text: string) => (solution.caseSensitive ? text : text.toLowerCase());
  if (solution.answers.some((answer) => fold(answer) === fold(found))) {
    report.solved++;
    return true;
  }
  const accepted = solution.answers.map((answer) => JSON.stringify(answer)).join(', ');
  report.problems.push({
    ...at,
    message: `${solution.label}: its last line in the lab is ${JSON.stringify(found)}, not an accepted answer (${accepted})`,
  });
  return true;
}

/** Why a command did not finish, in a few words. */
function unfinished(error: unknown): string {
  return error instanceof LabWaitError ? error.reason : messageOf(error);
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' ');
}
