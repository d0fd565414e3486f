import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from './content.model.ts';

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** `NN-slug` with the ordering prefix and the slug apart. */
const ORDERED = /^(\d{2,})-(.+)$/;

/** Paths in problems and in the model are relative to the loaded folder, with forward slashes. */
export class ContentFiles {
  constructor(
    readonly root: string,
    readonly problems: Problem[],
  ) {}

  relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/');
  }

  problem(absolute: string, line: number, message: string): void {
    this.problems.push({ file: this.relative(absolute), line, message });
  }

  async list(dir: string): Promise<{ name: string; isDirectory: boolean }[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => ({ name: e.name, isDirectory: e.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async read(absolute: string): Promise<string | undefined> {
    try {
      return await readFile(absolute, 'utf8');
    } catch {
      this.problem(absolute, 1, 'file is missing or unreadable');
      return undefined;
    }
  }

  async exists(absolute: string): Promise<boolean> {
    return stat(absolute).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  /**
   * Resolves a path written in a file (relative to that file's folder) and reports it when it
   * leaves the content folder or does not exist. Returns the path relative to the content folder.
   */
  async reference(from: string, target: string, line: number, what: string): Promise<string | undefined> {
    const absolute = path.resolve(path.dirname(from), safeDecode(target.split(/[?#]/)[0] ?? target));
    const rel = this.relative(absolute);
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      this.problem(from, line, `${what} ${target} is outside the content folder`);
      return undefined;
    }
    if (!(await this.exists(absolute))) {
      this.problem(from, line, `${what} ${target} does not exist`);
      return undefined;
    }
    return rel;
  }
}

/** Splits `NN-slug`; reports a missing prefix or a malformed slug on the entry itself. */
export function orderedName(
  files: ContentFiles,
  absolute: string,
  name: string,
): { order: number; slug: string } | undefined {
  const match = ORDERED.exec(name);
  if (!match) {
    files.problem(absolute, 1, `name must start with an ordering prefix such as 01- (got ${name})`);
    return undefined;
  }
  const slug = match[2] ?? '';
  if (!SLUG.test(slug)) {
    files.problem(absolute, 1, `slug ${slug} must be lowercase words joined by hyphens`);
    return undefined;
  }
  return { order: Number(match[1]), slug };
}

/** Reports every value that occurs more than once; `label` describes one occurrence. */
export function reportDuplicates<T>(
  files: ContentFiles,
  items: T[],
  key: (item: T) => string | number,
  where: (item: T) => { file: string; line: number },
  label: string,
): void {
  const seen = new Map<string | number, T>();
  for (const item of items) {
    const k = key(item);
    const first = seen.get(k);
    if (first === undefined) {
      seen.set(k, item);
      continue;
    }
    const at = where(item);
    const firstAt = where(first);
    files.problems.push({ file: at.file, line: at.line, message: `duplicate ${label} ${k} (also in ${firstAt.file})` });
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
