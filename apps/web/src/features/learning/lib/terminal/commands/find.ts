import { listDir, lookup } from '../file-system.ts';
import { globToRegExp } from '../glob.ts';
import { done, err, out, type Command, type OutputChunk } from '../types.ts';

interface Test {
  (entry: { name: string; path: string; shown: string; kind: 'file' | 'dir'; depth: number }): boolean;
}

/**
 * find PATH… [EXPRESSION]: -name, -iname, -path, -type f|d, -maxdepth, -mindepth, -empty, -print,
 * and `!`/-not before a test. Tests are ANDed.
 */
export const find: Command = (args, context) => {
  const starts: string[] = [];
  let index = 0;
  while (index < args.length && !/^[-!(]/.test(args[index] as string)) starts.push(args[index++] as string);
  if (starts.length === 0) starts.push('.');

  const tests: Test[] = [];
  let maxDepth = Infinity;
  let minDepth = 0;
  let negate = false;
  while (index < args.length) {
    const arg = args[index] as string;
    index += 1;
    if (arg === '!' || arg === '-not') {
      negate = !negate;
      continue;
    }
    const needsValue = ['-name', '-iname', '-path', '-type', '-maxdepth', '-mindepth'].includes(arg);
    const value = args[index];
    if (needsValue && value === undefined) return done([err(`find: missing argument to \`${arg}'`)], 1);
    if (needsValue) index += 1;
    let test: Test | null = null;
    switch (arg) {
      case '-name':
      case '-iname': {
        const regex = globToRegExp(value as string, arg === '-iname');
        test = (entry) => regex.test(entry.name);
        break;
      }
      case '-path': {
        const regex = globToRegExp(value as string);
        test = (entry) => regex.test(entry.shown);
        break;
      }
      case '-type': {
        if (value !== 'f' && value !== 'd') return done([err(`find: Unknown argument to -type: ${value}`)], 1);
        test = (entry) => entry.kind === (value === 'f' ? 'file' : 'dir');
        break;
      }
      case '-maxdepth':
      case '-mindepth': {
        if (!/^\d+$/.test(value as string)) {
          return done([err(`find: Expected a positive decimal integer argument to ${arg}, but got '${value}'`)], 1);
        }
        if (arg === '-maxdepth') maxDepth = Number(value);
        else minDepth = Number(value);
        continue;
      }
      case '-empty':
        test = (entry) =>
          entry.kind === 'dir' ? listDir(context.fs, entry.path).length === 0 : context.fs.files.get(entry.path) === '';
        break;
      case '-print':
        continue;
      default:
        return done([err(`find: unknown predicate \`${arg}'`)], 1);
    }
    if (negate) {
      const inner = test;
      test = (entry) => !inner(entry);
      negate = false;
    }
    tests.push(test);
  }

  const chunks: OutputChunk[] = [];
  const lines: string[] = [];
  let code = 0;
  for (const start of starts) {
    const found = lookup(context.fs, context.cwd, start);
    if (found.kind === 'missing' || found.kind === 'notdir') {
      chunks.push(
        err(`find: '${start}': ${found.kind === 'missing' ? 'No such file or directory' : 'Not a directory'}`),
      );
      code = 1;
      continue;
    }
    const visit = (path: string, shown: string, name: string, kind: 'file' | 'dir', depth: number) => {
      const entry = { name, path, shown, kind, depth };
      if (depth >= minDepth && tests.every((test) => test(entry))) lines.push(shown);
      if (kind !== 'dir' || depth >= maxDepth) return;
      for (const child of listDir(context.fs, path)) {
        visit(
          child.path,
          shown.endsWith('/') ? `${shown}${child.name}` : `${shown}/${child.name}`,
          child.name,
          child.kind,
          depth + 1,
        );
      }
    };
    const startName = found.path === '/' ? '/' : (start.replace(/\/+$/, '').split('/').pop() ?? start);
    visit(found.path, start, startName, found.kind, 0);
  }
  if (lines.length > 0) chunks.push(out(`${lines.join('\n')}\n`));
  return done(chunks, code);
};
