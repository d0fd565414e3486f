import { lookup } from '../file-system.ts';
import { parseOptions } from '../options.ts';
import {
  done,
  err,
  NO_KEYBOARD,
  out,
  splitLines,
  stripNewline,
  type Command,
  type CommandContext,
  type OutputChunk,
} from '../types.ts';
import type { Input } from './text.ts';

class GrepSyntaxError extends Error {}

const CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
};

/**
 * A grep pattern as a JavaScript regular expression. Basic syntax (the default) treats `+ ? | ( ) { }` as
 * literal unless escaped; extended syntax (-E) the other way round. POSIX classes and `\<`/`\>` are translated.
 */
export function grepPatternToSource(pattern: string, extended: boolean): string {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '[') {
      let end = index + 1;
      let body = '';
      if (pattern[end] === '^') {
        body += '^';
        end += 1;
      }
      if (pattern[end] === ']') {
        body += '\\]';
        end += 1;
      }
      while (end < pattern.length && pattern[end] !== ']') {
        const cls = /^\[:([a-z]+):\]/.exec(pattern.slice(end));
        if (cls) {
          const mapped = CLASSES[cls[1] as string];
          if (mapped === undefined) throw new GrepSyntaxError('Invalid character class name');
          body += mapped;
          end += cls[0].length;
        } else {
          // Inside POSIX brackets a backslash is an ordinary character.
          const c = pattern[end] as string;
          body += c === '\\' || c === '[' ? `\\${c}` : c;
          end += 1;
        }
      }
      if (end >= pattern.length) throw new GrepSyntaxError('Unmatched [, [^, [:, [., or [=');
      source += `[${body}]`;
      index = end;
    } else if (char === '\\' && index + 1 < pattern.length) {
      const next = pattern[index + 1] as string;
      index += 1;
      if (next === '<' || next === '>') source += '\\b';
      else if ('+?|(){}'.includes(next)) source += extended ? `\\${next}` : next;
      else source += `\\${next}`;
    } else if ('+?|(){}'.includes(char)) {
      source += extended ? char : `\\${char}`;
    } else source += char;
  }
  return source;
}

function compile(patterns: string[], flags: Set<string>): RegExp {
  const sources = patterns.map((pattern) => {
    let source = flags.has('F')
      ? pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
      : grepPatternToSource(pattern, flags.has('E'));
    if (flags.has('w')) source = `(?<![\\w])(?:${source})(?![\\w])`;
    if (flags.has('x')) source = `^(?:${source})$`;
    return source;
  });
  try {
    return new RegExp(sources.map((s) => `(?:${s})`).join('|'), `g${flags.has('i') ? 'i' : ''}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/Unterminated group|Unmatched '\)'/.test(message)) throw new GrepSyntaxError('Unmatched ( or \\(');
    if (/Nothing to repeat/.test(message)) throw new GrepSyntaxError('Invalid preceding regular expression');
    throw new GrepSyntaxError('Invalid regular expression');
  }
}

/** Files under `dir` (depth first, in name order) for grep -r. */
function walk(context: CommandContext, dir: string, shown: string): Input[] {
  const found: Input[] = [];
  const prefix = shown === '' ? '' : shown.endsWith('/') ? shown : `${shown}/`;
  for (const path of [...context.fs.files.keys()].sort()) {
    if (path.startsWith(dir === '/' ? '/' : `${dir}/`)) {
      found.push({
        name: `${prefix}${path.slice(dir === '/' ? 1 : dir.length + 1)}`,
        content: context.fs.files.get(path) ?? '',
      });
    }
  }
  return found;
}

export const grep: Command = (args, context) => {
  const parsed = parseOptions('grep', args, {
    flags: 'ivnclLrRwxEFGhHoqs',
    values: 'e',
    long: {
      'ignore-case': 'i',
      'invert-match': 'v',
      'line-number': 'n',
      count: 'c',
      'files-with-matches': 'l',
      'files-without-match': 'L',
      recursive: 'r',
      'word-regexp': 'w',
      'line-regexp': 'x',
      'extended-regexp': 'E',
      'fixed-strings': 'F',
      'no-filename': 'h',
      'with-filename': 'H',
      'only-matching': 'o',
      quiet: 'q',
      silent: 'q',
      'no-messages': 's',
      regexp: 'e',
    },
  });
  if (!parsed.ok) return done([err(parsed.error)], 2);
  const { flags, lists } = parsed.options;
  const operands = [...parsed.options.operands];
  const patterns = lists.get('e') ?? (operands.length > 0 ? [operands.shift() as string] : null);
  if (!patterns) {
    return done([err("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.")], 2);
  }
  let regex: RegExp;
  try {
    regex = compile(patterns, flags);
  } catch (error) {
    return done([err(`grep: ${error instanceof Error ? error.message : 'Invalid regular expression'}`)], 2);
  }
  const recursive = flags.has('r') || flags.has('R');
  const chunks: OutputChunk[] = [];
  const problem = (text: string) => {
    if (!flags.has('s')) chunks.push(err(text));
  };

  let failed = false;
  const inputs: Input[] = [];
  if (recursive && operands.length === 0) inputs.push(...walk(context, context.cwd, ''));
  else if (operands.length === 0) {
    if (context.stdin === null) {
      problem(`grep: ${NO_KEYBOARD}`);
      return done(chunks, 2);
    }
    inputs.push({ name: '(standard input)', content: context.stdin });
  } else {
    for (const operand of operands) {
      if (operand === '-') {
        if (context.stdin !== null) inputs.push({ name: '(standard input)', content: context.stdin });
        continue;
      }
      const found = lookup(context.fs, context.cwd, operand);
      if (found.kind === 'file') inputs.push({ name: operand, content: found.content });
      else if (found.kind === 'dir' && recursive) inputs.push(...walk(context, found.path, operand));
      else {
        failed = true;
        const reason =
          found.kind === 'dir'
            ? 'Is a directory'
            : found.kind === 'notdir'
              ? 'Not a directory'
              : 'No such file or directory';
        problem(`grep: ${operand}: ${reason}`);
      }
    }
  }

  const showNames = flags.has('H') || (!flags.has('h') && (recursive || operands.length > 1));
  const lines: string[] = [];
  let matched = false;
  for (const input of inputs) {
    const prefix = showNames ? `${input.name}:` : '';
    let count = 0;
    splitLines(input.content).forEach((rawLine, index) => {
      const line = stripNewline(rawLine);
      regex.lastIndex = 0;
      const hit = regex.test(line) !== flags.has('v');
      if (!hit) return;
      count += 1;
      if (flags.has('c') || flags.has('l') || flags.has('L') || flags.has('q')) return;
      const number = flags.has('n') ? `${index + 1}:` : '';
      if (flags.has('o') && !flags.has('v')) {
        regex.lastIndex = 0;
        for (const found of line.matchAll(regex)) if (found[0] !== '') lines.push(`${prefix}${number}${found[0]}`);
      } else lines.push(`${prefix}${number}${line}`);
    });
    if (count > 0) matched = true;
    if (flags.has('l') && count > 0) lines.push(input.name);
    else if (flags.has('L') && count === 0) lines.push(input.name);
    else if (flags.has('c') && !flags.has('l') && !flags.has('L')) lines.push(`${prefix}${count}`);
  }
  if (flags.has('q')) return done([], matched ? 0 : failed ? 2 : 1);
  if (lines.length > 0) chunks.push(out(`${lines.join('\n')}\n`));
  return done(chunks, failed ? 2 : matched ? 0 : 1);
};
