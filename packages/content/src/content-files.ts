import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { readContentFile, refusalOf, refusalText, SYMLINK_ENTRY } from './content-paths.ts';
import type { Problem } from './content.model.ts';
import { MAX_FOLDER_TEXT_BYTES, MAX_TEXT_FILE_BYTES, printable, sizeText } from './content-text.ts';
import type { Findings } from './problems.ts';

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** `NN-slug` with the ordering prefix and the slug apart. */
const ORDERED = /^(\d{2,})-(.+)$/;

/** Paths in problems and in the model are relative to the loaded folder, with forward slashes. */
export class ContentFiles {
  /** What the folder's lessons and YAML files read so far hold together (MAX_FOLDER_TEXT_BYTES). */
  private textBytes = 0;

  constructor(
    readonly root: string,
    readonly findings: Findings,
  ) {}

  get problems(): Problem[] {
    return this.findings.problems;
  }

  relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/');
  }

  problem(absolute: string, line: number, message: string): void {
    this.problems.push({ file: this.relative(absolute), line, message });
  }

  /** The folder's entries; symbolic links are reported and left out. */
  async list(dir: string): Promise<{ name: string; isDirectory: boolean }[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const listed: { name: string; isDirectory: boolean }[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isSymbolicLink()) {
        this.problem(path.join(dir, entry.name), 1, SYMLINK_ENTRY);
        continue;
      }
      listed.push({ name: entry.name, isDirectory: entry.isDirectory() });
    }
    return listed.sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * The text of a lesson or a YAML file; a missing file, a symbolic link, a path out of the folder, a file over
   * MAX_TEXT_FILE_BYTES or one past the folder's MAX_FOLDER_TEXT_BYTES is a problem (a large file is not read).
   */
  async read(absolute: string): Promise<string | undefined> {
    const read = await readContentFile(this.root, absolute, MAX_TEXT_FILE_BYTES);
    if ('data' in read) {
      this.textBytes += read.data.length;
      if (this.textBytes > MAX_FOLDER_TEXT_BYTES) {
        this.problem(
          absolute,
          1,
          `the folder's lessons and YAML files pass ${sizeText(MAX_FOLDER_TEXT_BYTES)} together at this file: split the content into several folders`,
        );
        return undefined;
      }
      return read.data.toString('utf8');
    }
    const message =
      read.refusal === 'missing'
        ? 'file is missing or unreadable'
        : read.refusal === 'too-large'
          ? `file is ${sizeText(read.size ?? 0)}; a lesson or YAML file may be at most ${sizeText(MAX_TEXT_FILE_BYTES)}`
          : `file ${refusalText(read.refusal)}`;
    this.problem(absolute, 1, message);
    return undefined;
  }

  /** Whether something other than a folder is there (a symbolic link counts, so reading it reports it). */
  async exists(absolute: string): Promise<boolean> {
    return lstat(absolute).then(
      (s) => s.isFile() || s.isSymbolicLink(),
      () => false,
    );
  }

  /**
   * Resolves a path written in a file (relative to that file's folder) and reports it when it leaves
   * the content folder, passes through a symbolic link or is not a file. Returns the path relative to
   * the content folder.
   */
  async reference(from: string, target: string, line: number, what: string): Promise<string | undefined> {
    const absolute = path.resolve(path.dirname(from), safeDecode(target.split(/[?#]/)[0] ?? target));
    const refusal = await refusalOf(this.root, absolute);
    if (refusal) {
      this.problem(from, line, `${what} ${printable(target)} ${refusalText(refusal)}`);
      return undefined;
    }
    return this.relative(absolute);
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
