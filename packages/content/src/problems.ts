// Decision 0141: strict rules for the shipped curriculum, warnings for an operator's content.
import path from 'node:path';
import type { Problem } from './content.model.ts';

/**
 * What reading a folder finds. A problem keeps the content from being imported (a file that cannot be read,
 * a required field missing); a warning is reported and the content is imported all the same.
 */
export interface Findings {
  problems: Problem[];
  warnings: Problem[];
  /**
   * The shipped curriculum's rules (`content validate --strict`, which CI runs on content/): every curriculum
   * rule broken is a problem. Otherwise, as for an operator's own content, it is a warning.
   */
  strict: boolean;
}

/** How a folder is read: `strict` applies the shipped curriculum's rules (see Findings). */
export interface ContentRules {
  strict?: boolean;
}

export function newFindings(strict: boolean): Findings {
  return { problems: [], warnings: [], strict };
}

/**
 * A curriculum rule broken (a lesson under the word floor, a field that is no longer used, …): a problem under
 * the strict rules, a warning otherwise.
 */
export function ruleBroken(findings: Findings, problem: Problem): void {
  (findings.strict ? findings.problems : findings.warnings).push(problem);
}

/** Problems in reading order: by file, then line. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * `file:line: message`, one per problem, as editors and CI logs link them. With `root` (the
 * folder's path), files are shown relative to the working directory so they can be opened from it.
 */
export function formatProblems(problems: Problem[], root?: string): string[] {
  return problems.map((p) => {
    const file = root ? path.relative(process.cwd(), path.join(root, p.file)) || '.' : p.file;
    return `${file}:${p.line}: ${p.message}`;
  });
}
