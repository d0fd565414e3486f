/**
 * The read-only file tree of a quiz's terminal (contract §4 `files: {path: text}`). Directories are
 * implied by the file paths; the home and starting directories always exist.
 */
export interface FileSystem {
  readonly files: ReadonlyMap<string, string>;
  readonly dirs: ReadonlySet<string>;
}

export type Lookup =
  | { kind: 'file'; path: string; content: string }
  | { kind: 'dir'; path: string }
  | { kind: 'missing' }
  | { kind: 'notdir' };

export interface DirEntry {
  name: string;
  path: string;
  kind: 'file' | 'dir';
}

/** `/a//b/./c/../d/` → `/a/b/d`; `..` above the root stays at the root. */
export function normalisePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function parentOf(path: string): string {
  if (path === '/') return '/';
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

export function baseName(path: string): string {
  if (path === '/') return '/';
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function addAncestors(dirs: Set<string>, path: string): void {
  let current = path;
  while (!dirs.has(current)) {
    dirs.add(current);
    if (current === '/') break;
    current = parentOf(current);
  }
}

export function createFileSystem(files: Record<string, string>, extraDirs: string[] = []): FileSystem {
  const dirs = new Set<string>(['/']);
  for (const dir of extraDirs) addAncestors(dirs, normalisePath(dir));
  const paths = Object.keys(files).map((raw) => [raw, normalisePath(raw)] as const);
  for (const [, path] of paths) addAncestors(dirs, parentOf(path));
  const fileMap = new Map<string, string>();
  for (const [raw, path] of paths) {
    // A path that is also some other file's directory stays a directory.
    if (path !== '/' && !dirs.has(path)) fileMap.set(path, files[raw] ?? '');
  }
  return { files: fileMap, dirs };
}

/** The absolute form of `input` seen from `cwd` (no checks). */
export function absolutePath(cwd: string, input: string): string {
  return normalisePath(input.startsWith('/') ? input : `${cwd}/${input}`);
}

/**
 * Walks `input` one component at a time like the kernel does, so `file/..` and `file/` are
 * "Not a directory" rather than silently resolving.
 */
export function lookup(fs: FileSystem, cwd: string, input: string): Lookup {
  if (input === '') return { kind: 'missing' };
  let current = input.startsWith('/') ? '/' : cwd;
  const parts = input.split('/').filter((part) => part !== '');
  const trailingSlash = input.endsWith('/') && input !== '/';
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as string;
    if (fs.files.has(current)) return { kind: 'notdir' };
    if (part === '.') continue;
    current = part === '..' ? parentOf(current) : joinPath(current, part);
    if (!fs.dirs.has(current) && !fs.files.has(current)) return { kind: 'missing' };
  }
  const content = fs.files.get(current);
  if (content !== undefined) return trailingSlash ? { kind: 'notdir' } : { kind: 'file', path: current, content };
  return { kind: 'dir', path: current };
}

/** Byte order, as in the C locale: dot files first, capitals before small letters. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function listDir(fs: FileSystem, dir: string): DirEntry[] {
  const entries: DirEntry[] = [];
  for (const path of fs.dirs) {
    if (path !== '/' && parentOf(path) === dir) entries.push({ name: baseName(path), path, kind: 'dir' });
  }
  for (const path of fs.files.keys()) {
    if (parentOf(path) === dir) entries.push({ name: baseName(path), path, kind: 'file' });
  }
  return entries.sort((a, b) => compareNames(a.name, b.name));
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
