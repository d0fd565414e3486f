import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  challengeLabContentOf,
  terminalContentOf,
  type Content,
  type Problem,
  type TerminalEntry,
} from '@bastion/content';
import { challengeLabSetup } from '../challenge-lab-setup.ts';
import type { LabSpec } from '../lab-spec.ts';
import { quizLabSetup } from '../quiz-lab-setup.ts';
import { buildSetupScript, shellQuote } from '../setup-script.ts';
import { setupTimeoutMs } from '../setup-timeout.ts';
import type { LabRunner } from './lab-runner.ts';
import { lineDiff, normaliseOutput } from './output-diff.ts';

/** Commands that answer a quiz or a challenge step in its lab; the last line they print must be an answer. */
export interface Solution {
  label: string;
  commands: string;
  answers: string[];
  caseSensitive: boolean;
  line: number;
}

/** A lab to set up, the recorded entries to replay in it, and the solutions to run there, from one content file. */
export interface Recording {
  file: string;
  line: number;
  spec: LabSpec;
  entries: TerminalEntry[];
  solutions: Solution[];
}

export interface ReplayReport {
  problems: Problem[];
  /** Labs set up, entries run, entries shown only (`not_replayed`), and solutions that printed an answer. */
  labs: number;
  replayed: number;
  notReplayed: number;
  solved: number;
  ms: number;
}

/** The terminal size every recording is replayed at. */
export const recordingColumns = 80;
export const recordingRows = 24;

/** A command that has not answered by then is waiting for input (or looping): the lab is abandoned. */
const commandTimeoutMs = 45_000;
/** Labs with servers (a DNS server, SSH, a scan target) take tens of seconds to start on a busy machine. */
const provisionTimeoutMs = 90_000;

/** Every quiz terminal, and every challenge with a step solution (its lab holds the attachments at home). */
export async function recordingsOf(content: Content, root: string): Promise<Recording[]> {
  const quizzes = content.courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.items.flatMap((item): Recording[] => {
        if (item.type !== 'quiz' || !item.terminal) return [];
        const { terminal } = item;
        const solutions = terminal.solution
          ? [
              {
                label: 'terminal.solution',
                commands: terminal.solution,
                answers: item.answers,
                caseSensitive: item.caseSensitive,
                line: terminal.solutionLine ?? terminal.line,
              },
            ]
          : [];
        // The lab the web app starts for the learner, from the terminal as the API answers it.
        const spec = { ...quizLabSetup(terminalContentOf(terminal)), columns: recordingColumns, rows: recordingRows };
        return [{ file: item.file, line: terminal.line, spec, entries: terminal.entries, solutions }];
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
        const spec = await challengeLabSetup(
          attachments,
          async ({ name }) => new Uint8Array(await readFile(path.join(root, name))),
          challenge.lab ? challengeLabContentOf(challenge.lab) : null,
        );
        const solutions = challenge.steps.flatMap((step, index) =>
          step.solution
            ? [
                {
                  label: `steps.${index}.solution`,
                  commands: step.solution,
                  answers: step.answers,
                  caseSensitive: step.caseSensitive,
                  line: step.line ?? 1,
                },
              ]
            : [],
        );
        return { file: challenge.file, line: 1, spec, entries: [], solutions };
      }),
  );
  return [...quizzes, ...challenges];
}

/**
 * Sets up each recording's lab on the machine and runs its entries in order in one shell, reporting every entry
 * whose real output differs from the recorded one, at the entry's line; then runs its solutions.
 */
export async function replayRecordings(runner: LabRunner, recordings: Recording[]): Promise<ReplayReport> {
  const started = performance.now();
  const report: ReplayReport = { problems: [], labs: 0, replayed: 0, notReplayed: 0, solved: 0, ms: 0 };
  for (const recording of recordings) await replayOne(runner, recording, report);
  report.ms = Math.round(performance.now() - started);
  return report;
}

async function replayOne(runner: LabRunner, recording: Recording, report: ReplayReport): Promise<void> {
  const { file, spec, entries, solutions } = recording;
  const replayed = entries.filter((entry) => entry.not_replayed === undefined);
  report.notReplayed += entries.length - replayed.length;
  try {
    if (replayed.length === 0 && solutions.length === 0) {
      buildSetupScript(spec); // nothing to run: checking that the lab can be set up is enough
      return;
    }
    await runner.reset();
    await runner.provision(spec, setupTimeoutMs(spec, provisionTimeoutMs));
  } catch (error) {
    report.problems.push({ file, line: recording.line, message: `the lab did not start: ${messageOf(error)}` });
    return;
  }
  report.labs++;
  for (const [index, entry] of entries.entries()) {
    if (entry.not_replayed !== undefined) continue;
    let printed: string;
    try {
      printed = await runner.run(entry.command, commandTimeoutMs);
    } catch {
      report.problems.push({
        file,
        line: entry.line,
        message: `terminal.entries.${index}: \`${entry.command}\` did not finish within ${commandTimeoutMs / 1000} s in the lab (a command that waits for input cannot be replayed; mark it not_replayed)`,
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

/**
 * Runs a solution in the lab, in a subshell started in the lab's directory (after the recorded entries and the
 * solutions before it), and checks that the last line it prints is an accepted answer. False: the shell is stuck.
 */
async function runSolution(
  runner: LabRunner,
  { file, spec }: Recording,
  solution: Solution,
  report: ReplayReport,
): Promise<boolean> {
  const script = Buffer.from(solution.commands).toString('base64');
  const command = `(cd ${shellQuote(spec.cwd)} && eval "$(printf %s ${script} | base64 -d)")`;
  const at = { file, line: solution.line };
  let printed: string;
  try {
    printed = await runner.run(command, commandTimeoutMs);
  } catch {
    const message = `${solution.label} did not finish within ${commandTimeoutMs / 1000} s in the lab`;
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

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' ');
}
