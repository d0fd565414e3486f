import path from 'node:path';
import { CONTENT_PROBLEMS_LISTED, type ContentImportOutcome } from '@bastion/contract';
import type { Problem } from '@bastion/content';
import type { Db } from '@bastion/db';
import { audited, type Actor } from '../audit/audit.service.ts';
import * as repo from './content-imports.repository.ts';
import { ContentProblems, importContent, type ImportSummary } from './import-content.ts';
import { importCtfd } from './import-ctfd.ts';
import { defaultSource } from './import-source.ts';

export type ImportFormat = 'content' | 'ctfd';

export interface ImportRequest {
  format: ImportFormat;
  dir: string;
  source?: string;
}

/** Who imports: an operator (the CLI, the console), or the server importing its content folder as it starts. */
export type Importer = Actor | 'server';

const IMPORTERS = { content: importContent, ctfd: importCtfd } as const;

/** An import and its record: what it changed, or the problems that refused it (nothing was written then). */
export type ImportOutcome = { run: repo.ContentImportRow } & (
  | { summary: ImportSummary; refused?: never }
  | { summary?: never; refused: ContentProblems }
);

/**
 * An import as the server's start, `content import|import-ctfd` and the console's content page run it: the
 * import itself (its own transaction), then its record (`content_imports`, imported or refused) and, for an
 * operator's import that changed something, the audit row, written together.
 */
export async function importAs(
  db: Db,
  importer: Importer,
  request: ImportRequest,
  now = new Date(),
): Promise<ImportOutcome> {
  const dir = path.resolve(request.dir);
  const run = { format: request.format, dir, source: (request.source ?? defaultSource(dir)).trim() };
  let summary: ImportSummary;
  try {
    summary = await IMPORTERS[request.format](db, dir, { source: request.source, now });
  } catch (error) {
    if (!(error instanceof ContentProblems)) throw error;
    return { run: await repo.insertContentImport(db, runRow(importer, now, run, 'refused', error)), refused: error };
  }
  const { problems, warnings, ...counts } = summary;
  const row = runRow(importer, now, run, problems.length > 0 ? 'partial' : 'imported', { problems, warnings }, counts);
  if (importer === 'server') return { run: await repo.insertContentImport(db, row), summary };
  const after = { ...run, created: counts.created, updated: counts.updated, hidden: counts.hidden, problems: problems.length };
  return audited(
    db,
    importer,
    async (tx) => {
      const recorded = await repo.insertContentImport(tx, row);
      const audit = { action: 'content.import', target: { type: 'content', label: dir }, after };
      return { result: { run: recorded, summary }, audit };
    },
    now,
  );
}

function runRow(
  importer: Importer,
  at: Date,
  run: { format: ImportFormat; dir: string; source: string },
  outcome: ContentImportOutcome,
  found: { problems: Problem[]; warnings: Problem[] },
  counts: Omit<ImportSummary, 'problems' | 'warnings' | 'source'> | null = null,
): repo.NewContentImportRow {
  const who =
    importer === 'server'
      ? { actorId: null, actorName: 'server start', via: 'server' }
      : { actorId: importer.id, actorName: importer.name, via: importer.via };
  return {
    at,
    ...who,
    ...run,
    outcome,
    counts: counts && {
      courses: counts.courses,
      modules: counts.modules,
      items: counts.items,
      badges: counts.badges,
      challenges: counts.challenges,
      steps: counts.steps,
      media: counts.media,
      created: counts.created,
      updated: counts.updated,
      hidden: counts.hidden,
      stored: counts.stored,
    },
    problemCount: found.problems.length,
    warningCount: found.warnings.length,
    problems: found.problems.slice(0, CONTENT_PROBLEMS_LISTED).map(({ file, line, message }) => ({ file, line, message })),
    warnings: found.warnings.slice(0, CONTENT_PROBLEMS_LISTED).map(({ file, line, message }) => ({ file, line, message })),
  };
}
