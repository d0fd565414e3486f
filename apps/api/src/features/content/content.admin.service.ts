import {
  CONTENT_ADMIN_MESSAGES,
  CONTENT_PROBLEMS_LISTED,
  type ContentDryRun,
  type ContentImportRun,
  type ContentOverview,
  type ContentProblem,
} from '@bastion/contract';
import type { Problem } from '@bastion/content';
import type { Db } from '@bastion/db';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countImported, latestContentImport, type ContentImportRow } from './content-imports.repository.ts';
import { loadInWorker } from './content-loader.ts';
import { importAs } from './content.operator.ts';
import { validateContent } from './import-content.ts';
import { previewImport } from './import-preview.ts';

/** The console's content page: what is imported, the last import, a dry run and an import of the server's folder. */

const listed = (problems: Problem[]): ContentProblem[] =>
  problems.slice(0, CONTENT_PROBLEMS_LISTED).map(({ file, line, message }) => ({ file, line, message }));

export function toImportRun(row: ContentImportRow): ContentImportRun {
  return {
    id: row.id,
    at: row.at.toISOString(),
    by: row.actorName,
    via: row.via as ContentImportRun['via'],
    format: row.format as ContentImportRun['format'],
    dir: row.dir,
    source: row.source,
    outcome: row.outcome as ContentImportRun['outcome'],
    counts: row.counts,
    problem_count: row.problemCount,
    problems: row.problems,
    warning_count: row.warningCount,
    warnings: row.warnings,
  };
}

export async function contentOverview(db: Db, dir: string): Promise<ContentOverview> {
  const [imported, last] = await Promise.all([countImported(db), latestContentImport(db)]);
  return { dir, imported, last_import: last ? toImportRun(last) : null };
}

/**
 * The folder validated as an import would read it (an operator's rules: the curriculum's are warnings), read in a
 * worker thread; the audit log records who checked it and what was found.
 */
export async function dryRun(db: Db, actor: Actor, dir: string, now: Date): Promise<ContentDryRun> {
  const { content, problems, warnings } = await validateContent(dir, {}, loadInWorker);
  const valid = problems.length === 0;
  const after = { dir, valid, problems: problems.length, warnings: warnings.length };
  await recordAudit(db, actor, { action: 'content.validate', target: { type: 'content', label: dir }, after }, now);
  const modules = content.courses.flatMap((course) => course.modules);
  return {
    dir,
    valid,
    folder: {
      courses: content.courses.length,
      modules: modules.length,
      items: modules.reduce((n, module) => n + module.items.length, 0),
      badges: content.badges.length,
      challenges: content.challenges.length,
    },
    problem_count: problems.length,
    problems: listed(problems),
    warning_count: warnings.length,
    warnings: listed(warnings),
    ...(valid ? await previewImport(db, dir, { content, problems, warnings }, now) : { changes: null, change_counts: null }),
  };
}

/**
 * The folder imported by a staff member, read in a worker thread; 422 with the recorded run when its problems
 * refused it.
 */
export async function importFromConsole(db: Db, actor: Actor, dir: string, now: Date): Promise<ContentImportRun> {
  const { run, refused } = await importAs(db, actor, { format: 'content', dir, load: loadInWorker }, now);
  if (refused) {
    throw new AppError(422, { detail: CONTENT_ADMIN_MESSAGES.refused, code: 'content_problems', run: toImportRun(run) });
  }
  return toImportRun(run);
}
