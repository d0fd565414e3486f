// Decision 0140: the console checks the server's content folder, then imports it.
import path from 'node:path';
import { CONTENT_PROBLEMS_LISTED, type ContentImportOutcome } from '@bastion/contract';
import type { Problem } from '@bastion/content';
import type { Db } from '@bastion/db';
import { audited, type Actor } from '../audit/audit.service.ts';
import * as repo from './content-imports.repository.ts';
import type { ContentLoader } from './content-loader.ts';
import { ContentProblems, importContent, type ImportSummary } from './import-content.ts';
import { importCtfd } from './import-ctfd.ts';
import { defaultSource } from './import-source.ts';

export type ImportFormat = 'content' | 'ctfd';

export interface ImportRequest {
  format: ImportFormat;
  dir: string;
  source?: string;
  /** How a content folder is read and checked (the console's import reads it in a worker: loadInWorker). */
  load?: ContentLoader;
}

/** Who imports: an operator (the CLI, the console), or the server importing its content folder as it starts. */
export type Importer = Actor | 'server';

const IMPORTERS = { content: importContent, ctfd: importCtfd } as const;

/** An import and its record: what it changed, or the problems that refused it (nothing was written then). */
export type ImportOutcome = { run: repo.ContentImportRow } & (
  | { summary: ImportSummary; refused?: never }
  | { summary?: never; refused: ContentProblems }
);

// Decision 0144: every import, refused ones too, is a row of content_imports; an operator's import audits in it.
/**
 * An import as the server's start, `content import|import-ctfd` and the console's content page run it: the
 * import itself (its own transaction), then its record (`content_imports`, imported or refused) and, for an
 * operator's import (refused ones too), the audit row, written together.
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
    summary = await IMPORTERS[request.format](db, dir, { source: request.source, now, load: request.load });
  } catch (error) {
    if (!(error instanceof ContentProblems)) throw error;
    const row = runRow(importer, now, run, 'refused', error);
    if (importer === 'server') return { run: await repo.insertContentImport(db, row), refused: error };
    // An operator's refused import is audited too: someone tried to change the content (the counts say nothing).
    const after = { ...run, outcome: 'refused', problems: error.problems.length };
    return recorded(db, importer, row, after, now, (stored) => ({ run: stored, refused: error }));
  }
  const { problems, warnings, ...counts } = summary;
  const outcome = problems.length > 0 ? 'partial' : 'imported';
  const row = runRow(importer, now, run, outcome, { problems, warnings }, counts);
  if (importer === 'server') return { run: await repo.insertContentImport(db, row), summary };
  const changed = { created: counts.created, updated: counts.updated, hidden: counts.hidden };
  const after = { ...run, outcome, ...changed, problems: problems.length };
  return recorded(db, importer, row, after, now, (stored) => ({ run: stored, summary }));
}

/** An operator's import recorded in `content_imports` and in the audit log, together. */
function recorded(
  db: Db,
  importer: Actor,
  row: repo.NewContentImportRow,
  after: Record<string, unknown>,
  now: Date,
  outcome: (stored: repo.ContentImportRow) => ImportOutcome,
): Promise<ImportOutcome> {
  return audited(
    db,
    importer,
    async (tx) => {
      const stored = await repo.insertContentImport(tx, row);
      const audit = { action: 'content.import', target: { type: 'content', label: row.dir }, after };
      return { result: outcome(stored), audit };
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
