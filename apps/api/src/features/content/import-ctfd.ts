// Decision 0143: CTFd challenges are imported one by one; one with a problem is left out.
import { loadCtfd } from '@bastion/content';
import type { Db } from '@bastion/db';
import { importLoaded, type ImportOptions, type ImportSummary } from './import-content.ts';
import { defaultSource } from './import-source.ts';

/**
 * `content import-ctfd <dir>`: CTFd challenge files, imported like a content folder of challenges, each on its
 * own: a challenge with a problem is left out and its neighbours are imported (the summary lists the problems).
 * Throws ContentProblems only when no challenge can be imported.
 */
export async function importCtfd(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const loaded = await loadCtfd(dir);
  return importLoaded(db, loaded, {
    source: options.source ?? defaultSource(loaded.root),
    now: options.now,
    unit: 'challenge',
  });
}
