import path from 'node:path';
import type { Problem } from './content.model.ts';

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
