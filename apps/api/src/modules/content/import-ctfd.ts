import { loadCtfd } from '@bastion/content';
import type { Db } from '@bastion/db';
import { importLoaded, type ImportOptions, type ImportSummary } from './import-content.ts';
import { defaultSource } from './import-source.ts';

/** `content import-ctfd <dir>`: CTFd challenge files, imported like a content folder of challenges. */
export async function importCtfd(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const loaded = await loadCtfd(dir);
  return importLoaded(db, loaded, { source: options.source ?? defaultSource(loaded.root), now: options.now });
}
