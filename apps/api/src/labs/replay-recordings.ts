import { buildSetupScript } from '@bastion/labs';
import type { Content, Problem, Terminal } from '../modules/content/content.model.ts';
import type { LabMachine } from './lab-machine.ts';
import { lineDiff, normaliseOutput } from './output-diff.ts';
import { labSpecOfTerminal } from './terminal-lab-spec.ts';

/** A quiz terminal and the file it was written in. */
export interface Recording {
  file: string;
  terminal: Terminal;
}

export interface ReplayReport {
  problems: Problem[];
  /** Quizzes set up and entries run, and entries shown only (`not_replayed`). */
  labs: number;
  replayed: number;
  notReplayed: number;
  ms: number;
}

/** A command that has not answered by then is waiting for input (or looping): the lab is abandoned. */
const commandTimeoutMs = 15_000;
const provisionTimeoutMs = 30_000;

export function recordingsOf(content: Content): Recording[] {
  return content.courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.items.flatMap((item) =>
        item.type === 'quiz' && item.terminal ? [{ file: item.file, terminal: item.terminal }] : [],
      ),
    ),
  );
}

/**
 * Sets up each recording's lab on the machine and runs its entries in order in one shell, reporting every entry
 * whose real output differs from the recorded one, at the entry's line.
 */
export async function replayRecordings(machine: LabMachine, recordings: Recording[]): Promise<ReplayReport> {
  const started = performance.now();
  const report: ReplayReport = { problems: [], labs: 0, replayed: 0, notReplayed: 0, ms: 0 };
  for (const recording of recordings) await replayOne(machine, recording, report);
  report.ms = Math.round(performance.now() - started);
  return report;
}

async function replayOne(machine: LabMachine, { file, terminal }: Recording, report: ReplayReport): Promise<void> {
  const entries = terminal.entries.filter((entry) => entry.not_replayed === undefined);
  report.notReplayed += terminal.entries.length - entries.length;
  const spec = labSpecOfTerminal(terminal);
  try {
    if (entries.length === 0) {
      buildSetupScript(spec); // nothing to replay: checking that the lab can be set up is enough
      return;
    }
    await machine.reset();
    await machine.provision(spec, provisionTimeoutMs);
  } catch (error) {
    report.problems.push({
      file,
      line: terminal.line,
      message: `terminal: the lab did not start: ${messageOf(error)}`,
    });
    return;
  }
  report.labs++;
  for (const [index, entry] of terminal.entries.entries()) {
    if (entry.not_replayed !== undefined) continue;
    let printed: string;
    try {
      printed = await machine.run(entry.command, commandTimeoutMs);
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
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' ');
}
