// Decision 0082: content must be regular files inside the folder (no links out, O_NOFOLLOW).
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Why a path may not be read as content. Content is imported and then served without sign-in
 * (images) or to every learner (attachments), so only regular files that really live inside the
 * imported folder may be read: no symbolic link anywhere below the folder, no `..` or absolute path
 * out of it.
 */
export type PathRefusal = 'outside' | 'symlink' | 'missing' | 'not-a-file' | 'too-large';

export const SYMLINK_ENTRY = 'symbolic links are not allowed: content must be regular files';

export function isInside(root: string, absolute: string): boolean {
  const rel = path.relative(root, absolute);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** Undefined when `absolute` is a regular file inside `root` reached through no symbolic link. */
export async function refusalOf(root: string, absolute: string): Promise<PathRefusal | undefined> {
  if (!isInside(root, absolute)) return 'outside';
  let current = root;
  let last;
  // Every component is checked with lstat, so a symlinked parent folder is caught as well as the file.
  for (const part of path.relative(root, absolute).split(path.sep)) {
    current = path.join(current, part);
    try {
      last = await lstat(current);
    } catch {
      return 'missing';
    }
    if (last.isSymbolicLink()) return 'symlink';
  }
  if (!last?.isFile()) return 'not-a-file';
  // The same answer from the real paths, in case the folder changed between the two looks.
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(absolute)]);
  return isInside(realRoot, realFile) ? undefined : 'outside';
}

/**
 * The file's bytes, or why it was refused. The last component is opened without following a link. A file of more
 * than `maxBytes` is refused as `too-large` (with its size) before any of it is read.
 */
export async function readContentFile(
  root: string,
  absolute: string,
  maxBytes = Infinity,
): Promise<{ data: Buffer } | { refusal: PathRefusal; size?: number }> {
  const refusal = await refusalOf(root, absolute);
  if (refusal) return { refusal };
  let file;
  try {
    file = await open(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return { refusal: 'missing' };
  }
  try {
    const { size } = await file.stat();
    if (size > maxBytes) return { refusal: 'too-large', size };
    return { data: await file.readFile() };
  } catch {
    return { refusal: 'missing' };
  } finally {
    await file.close();
  }
}

/** What a refusal says after the path it is about. */
export function refusalText(refusal: PathRefusal): string {
  switch (refusal) {
    case 'outside':
      return 'is outside the content folder';
    case 'symlink':
      return 'is a symbolic link or inside a linked folder (content must be regular files in the folder)';
    case 'missing':
      return 'does not exist';
    case 'not-a-file':
      return 'is not a file';
    case 'too-large':
      return 'is too large';
  }
}
