import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { ContentFiles } from './content-files.ts';
import { SYMLINK_ENTRY } from './content-paths.ts';
import type { Content, Problem } from './content.model.ts';
import { newFindings, sortProblems, type ContentRules } from './problems.ts';
import { loadBadges } from './load-badges.ts';
import { loadChallenges } from './load-challenges.ts';
import { loadCourses } from './load-courses.ts';

/** A folder as read: what is valid, what keeps it from being imported, and what is reported only. */
export interface LoadedContent {
  content: Content;
  problems: Problem[];
  warnings: Problem[];
}

/**
 * Reads a content folder (R17): `courses/`, `badges.yaml` and `challenges/`, each optional
 * so several folders can be imported side by side. Never throws on bad content: every problem is
 * returned with its file (relative to `dir`) and line, and what is valid is still returned.
 * The shipped curriculum's rules apply unless `strict: false` (an operator's folder): then a field
 * the format does not read is ignored with a warning.
 */
export async function loadContent(dir: string, rules: ContentRules = {}): Promise<LoadedContent> {
  const root = path.resolve(dir);
  const findings = newFindings(rules.strict ?? true);
  const { problems, warnings } = findings;
  const files = new ContentFiles(root, findings);
  const content: Content = { courses: [], badges: [], challenges: [] };
  if (!(await isDirectory(root))) {
    problems.push({ file: '.', line: 1, message: `${dir} is not a folder` });
    return { content, problems, warnings };
  }
  const coursesDir = path.join(root, 'courses');
  const badgesFile = path.join(root, 'badges.yaml');
  const challengesDir = path.join(root, 'challenges');
  const [hasCourses, hasBadges, hasChallenges] = await Promise.all([
    isFolderOfContent(files, coursesDir),
    files.exists(badgesFile),
    isFolderOfContent(files, challengesDir),
  ]);
  if (!hasCourses && !hasBadges && !hasChallenges) {
    problems.push({ file: '.', line: 1, message: 'no courses/, badges.yaml or challenges/ found' });
  }
  if (hasCourses) content.courses = await loadCourses(files, coursesDir);
  if (hasBadges) content.badges = await loadBadges(files, badgesFile);
  if (hasChallenges) content.challenges = await loadChallenges(files, challengesDir);
  return { content, problems: sortProblems(problems), warnings: sortProblems(warnings) };
}

/** A real folder below the root; a symbolic link in its place is reported. */
async function isFolderOfContent(files: ContentFiles, p: string): Promise<boolean> {
  const stats = await lstat(p).catch(() => undefined);
  if (stats?.isSymbolicLink()) {
    files.problem(p, 1, SYMLINK_ENTRY);
    return false;
  }
  return stats?.isDirectory() ?? false;
}

/** The root itself may be reached through a link (it is what the operator named). */
async function isDirectory(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
