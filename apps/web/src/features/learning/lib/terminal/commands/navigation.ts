import { byteLength, listDir, lookup, parentOf, type DirEntry } from '../file-system.ts';
import { parseOptions } from '../options.ts';
import { done, err, NO_KEYBOARD, out, type Command, type CommandContext, type OutputChunk } from '../types.ts';

/** A fixed time for every file: the tree is a snapshot. */
const MODIFIED = 'Mar 14 09:26';

interface ListedEntry extends DirEntry {
  /** The name ls prints (`.`/`..`, or the operand as typed). */
  label: string;
}

function owner(path: string, context: CommandContext): string {
  return path === context.home || path.startsWith(`${context.home}/`) ? context.user : 'root';
}

function humanSize(size: number): string {
  if (size < 1024) return String(size);
  const units = ['K', 'M', 'G'];
  let value = size;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? (Math.ceil(value * 10) / 10).toFixed(1) : Math.ceil(value)}${units[unit]}`;
}

function sizeOf(entry: DirEntry, context: CommandContext): number {
  return entry.kind === 'dir' ? 4096 : byteLength(context.fs.files.get(entry.path) ?? '');
}

function longListing(entries: ListedEntry[], context: CommandContext, human: boolean, withTotal: boolean): string[] {
  const sizes = entries.map((entry) => (human ? humanSize(sizeOf(entry, context)) : String(sizeOf(entry, context))));
  const owners = entries.map((entry) => owner(entry.path, context));
  const links = entries.map((entry) =>
    entry.kind === 'dir' ? String(2 + listDir(context.fs, entry.path).filter((e) => e.kind === 'dir').length) : '1',
  );
  const sizeWidth = Math.max(0, ...sizes.map((s) => s.length));
  const ownerWidth = Math.max(0, ...owners.map((o) => o.length));
  const linkWidth = Math.max(0, ...links.map((l) => l.length));
  const lines = entries.map((entry, index) => {
    const mode = entry.kind === 'dir' ? 'drwxr-xr-x' : '-rw-r--r--';
    const who = (owners[index] as string).padEnd(ownerWidth);
    return `${mode} ${(links[index] as string).padStart(linkWidth)} ${who} ${who} ${(sizes[index] as string).padStart(sizeWidth)} ${MODIFIED} ${entry.label}`;
  });
  if (withTotal) {
    const blocks = entries.reduce((sum, entry) => sum + Math.ceil(sizeOf(entry, context) / 4096) * 4, 0);
    lines.unshift(`total ${blocks}`);
  }
  return lines;
}

export const ls: Command = (args, context) => {
  const parsed = parseOptions('ls', args, {
    flags: 'aAlh1dRrF',
    long: {
      all: 'a',
      'almost-all': 'A',
      'human-readable': 'h',
      directory: 'd',
      recursive: 'R',
      reverse: 'r',
      classify: 'F',
    },
  });
  if (!parsed.ok) return done([err(parsed.error)], 2);
  const { flags, operands } = parsed.options;
  const long = flags.has('l');
  const order = (list: ListedEntry[]) => (flags.has('r') ? [...list].reverse() : list);
  const label = (entry: DirEntry, name: string) => (flags.has('F') && entry.kind === 'dir' ? `${name}/` : name);
  const format = (entries: ListedEntry[], withTotal: boolean): string => {
    if (long) return longListing(entries, context, flags.has('h'), withTotal).join('\n') + '\n';
    if (entries.length === 0) return '';
    const separator = flags.has('1') || context.piped ? '\n' : '  ';
    return entries.map((entry) => entry.label).join(separator) + '\n';
  };
  const contents = (dir: string): ListedEntry[] => {
    const entries: ListedEntry[] = listDir(context.fs, dir)
      .filter((entry) => flags.has('a') || flags.has('A') || !entry.name.startsWith('.'))
      .map((entry) => ({ ...entry, label: label(entry, entry.name) }));
    if (flags.has('a')) {
      entries.unshift(
        { name: '.', path: dir, kind: 'dir', label: label({ name: '.', path: dir, kind: 'dir' }, '.') },
        { name: '..', path: parentOf(dir), kind: 'dir', label: label({ name: '..', path: dir, kind: 'dir' }, '..') },
      );
    }
    return order(entries);
  };

  const targets = operands.length > 0 ? operands : ['.'];
  const chunks: OutputChunk[] = [];
  const fileEntries: ListedEntry[] = [];
  const dirs: { operand: string; path: string }[] = [];
  let code = 0;
  for (const operand of targets) {
    const found = lookup(context.fs, context.cwd, operand);
    if (found.kind === 'missing' || found.kind === 'notdir') {
      const reason = found.kind === 'missing' ? 'No such file or directory' : 'Not a directory';
      chunks.push(err(`ls: cannot access '${operand}': ${reason}`));
      code = 2;
    } else if (found.kind === 'file' || flags.has('d')) {
      const entry: DirEntry = { name: operand, path: found.path, kind: found.kind };
      fileEntries.push({ ...entry, label: label(entry, operand) });
    } else dirs.push({ operand, path: found.path });
  }

  const sections: string[] = [];
  if (fileEntries.length > 0) sections.push(format(order(fileEntries), false));
  const showHeaders = targets.length > 1 || flags.has('R');
  const visit = (heading: string, path: string) => {
    const entries = contents(path);
    const body = format(entries, true);
    sections.push(showHeaders ? `${heading}:\n${body}` : body);
    if (flags.has('R')) {
      for (const entry of entries) {
        if (entry.kind === 'dir' && entry.name !== '.' && entry.name !== '..') {
          visit(heading === '/' ? `/${entry.name}` : `${heading}/${entry.name}`, entry.path);
        }
      }
    }
  };
  for (const dir of flags.has('r') ? [...dirs].reverse() : dirs) visit(dir.operand, dir.path);
  const text = sections.filter((section) => section !== '').join('\n');
  if (text) chunks.push(out(text));
  return done(chunks, code);
};

export const cd: Command = (args, context) => {
  const operands = args[0] === '--' ? args.slice(1) : args;
  if (operands.length > 1) return done([err('bash: cd: too many arguments')], 1);
  const target = operands[0] ?? context.home;
  if (target === '-') {
    if (!context.oldPwd) return done([err('bash: cd: OLDPWD not set')], 1);
    return { out: [out(`${context.oldPwd}\n`)], code: 0, cwd: context.oldPwd, oldPwd: context.cwd };
  }
  if (target === '') return { out: [], code: 0 };
  const found = lookup(context.fs, context.cwd, target);
  if (found.kind === 'dir') return { out: [], code: 0, cwd: found.path, oldPwd: context.cwd };
  const reason = found.kind === 'file' || found.kind === 'notdir' ? 'Not a directory' : 'No such file or directory';
  return done([err(`bash: cd: ${target}: ${reason}`)], 1);
};

export const pwd: Command = (_args, context) => done([out(`${context.cwd}\n`)]);

export const cat: Command = (args, context) => {
  const parsed = parseOptions('cat', args, { flags: 'nAEsTv', long: { number: 'n' } });
  if (!parsed.ok) return done([err(parsed.error)], 1);
  const { flags, operands } = parsed.options;
  const chunks: OutputChunk[] = [];
  let code = 0;
  let lineNumber = 0;
  const emit = (text: string) => {
    if (!flags.has('n')) {
      chunks.push(out(text));
      return;
    }
    const numbered = text.replace(/[^\n]*(\n|$)/g, (line) => {
      if (line === '') return '';
      lineNumber += 1;
      return `${String(lineNumber).padStart(6)}\t${line}`;
    });
    chunks.push(out(numbered));
  };
  if (operands.length === 0) {
    if (context.stdin === null) return done([err(`cat: ${NO_KEYBOARD}`)], 1);
    emit(context.stdin);
    return done(chunks);
  }
  for (const operand of operands) {
    if (operand === '-') {
      if (context.stdin !== null) emit(context.stdin);
      continue;
    }
    const found = lookup(context.fs, context.cwd, operand);
    if (found.kind === 'file') emit(found.content);
    else {
      const reason =
        found.kind === 'dir'
          ? 'Is a directory'
          : found.kind === 'notdir'
            ? 'Not a directory'
            : 'No such file or directory';
      chunks.push(err(`cat: ${operand}: ${reason}`));
      code = 1;
    }
  }
  return done(chunks, code);
};
