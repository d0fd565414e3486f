import path from 'node:path';
import { repositoryRoot } from '@bastion/content';

/**
 * The stable key of a content folder: its path relative to the repository (`content` for the
 * shipped curriculum), or its absolute path when it lies elsewhere. Rows remember it, so a row
 * that leaves its folder is hidden without touching other folders' rows.
 */
export function defaultSource(dir: string): string {
  const resolved = path.resolve(dir);
  const rel = path.relative(repositoryRoot, resolved);
  if (rel === '') return '.';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return resolved.split(path.sep).join('/');
  return rel.split(path.sep).join('/');
}
