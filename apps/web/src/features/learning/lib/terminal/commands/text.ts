import { byteLength, lookup } from '../file-system.ts';
import { parseOptions } from '../options.ts';
import {
  done,
  err,
  NO_KEYBOARD,
  out,
  splitLines,
  type Command,
  type CommandContext,
  type OutputChunk,
} from '../types.ts';

export interface Input {
  name: string;
  content: string;
}

/** The texts a command reads: its operands, or the piped input. Errors are added to `chunks`. */
export function readInputs(
  command: string,
  operands: string[],
  context: CommandContext,
  chunks: OutputChunk[],
  style: 'cannot-open' | 'plain',
): { inputs: Input[]; failed: boolean } {
  const inputs: Input[] = [];
  let failed = false;
  const names = operands.length > 0 ? operands : ['-'];
  for (const name of names) {
    if (name === '-') {
      if (context.stdin === null) {
        chunks.push(err(`${command}: ${NO_KEYBOARD}`));
        failed = true;
      } else inputs.push({ name: operands.length > 0 ? 'standard input' : '', content: context.stdin });
      continue;
    }
    const found = lookup(context.fs, context.cwd, name);
    if (found.kind === 'file') inputs.push({ name, content: found.content });
    else {
      failed = true;
      if (found.kind === 'dir') {
        chunks.push(
          err(
            style === 'cannot-open'
              ? `${command}: error reading '${name}': Is a directory`
              : `${command}: ${name}: Is a directory`,
          ),
        );
      } else {
        const reason = found.kind === 'notdir' ? 'Not a directory' : 'No such file or directory';
        chunks.push(
          err(
            style === 'cannot-open'
              ? `${command}: cannot open '${name}' for reading: ${reason}`
              : `${command}: ${name}: ${reason}`,
          ),
        );
      }
    }
  }
  return { inputs, failed };
}

function headOrTail(command: 'head' | 'tail'): Command {
  return (args, context) => {
    const parsed = parseOptions(command, args, {
      flags: 'qv',
      values: 'n',
      long: { lines: 'n', quiet: 'q', silent: 'q', verbose: 'v' },
      numberOption: 'n',
    });
    if (!parsed.ok) return done([err(parsed.error)], 1);
    const { flags, values, operands } = parsed.options;
    const raw = values.get('n') ?? '10';
    const match = /^([+-]?)(\d+)$/.exec(raw);
    if (!match) return done([err(`${command}: invalid number of lines: '${raw}'`)], 1);
    const sign = match[1];
    const count = Number(match[2]);

    const chunks: OutputChunk[] = [];
    const { inputs, failed } = readInputs(command, operands, context, chunks, 'cannot-open');
    const headers = (inputs.length > 1 || flags.has('v')) && !flags.has('q');
    const sections = inputs.map((input) => {
      const lines = splitLines(input.content);
      let picked: string[];
      if (command === 'head')
        picked = sign === '-' ? lines.slice(0, Math.max(0, lines.length - count)) : lines.slice(0, count);
      else picked = sign === '+' ? lines.slice(Math.max(0, count - 1)) : count === 0 ? [] : lines.slice(-count);
      const body = picked.join('');
      return headers ? `==> ${input.name || 'standard input'} <==\n${body}` : body;
    });
    const text = sections.join(headers ? '\n' : '');
    if (text) chunks.push(out(text));
    return done(chunks, failed ? 1 : 0);
  };
}

export const head = headOrTail('head');
export const tail = headOrTail('tail');

export const wc: Command = (args, context) => {
  const parsed = parseOptions('wc', args, { flags: 'lwcm', long: { lines: 'l', words: 'w', bytes: 'c', chars: 'm' } });
  if (!parsed.ok) return done([err(parsed.error)], 1);
  const { flags, operands } = parsed.options;
  const selected = (['l', 'w', 'm', 'c'] as const).filter((letter) => flags.has(letter));
  const columns = selected.length > 0 ? selected : (['l', 'w', 'c'] as const);

  const chunks: OutputChunk[] = [];
  const { inputs, failed } = readInputs('wc', operands, context, chunks, 'plain');
  const counts = inputs.map((input) => ({
    name: input.name,
    l: (input.content.match(/\n/g) ?? []).length,
    w: input.content.split(/\s+/).filter(Boolean).length,
    m: [...input.content].length,
    c: byteLength(input.content),
  }));
  const rows = [...counts];
  if (counts.length > 1) {
    rows.push({
      name: 'total',
      l: counts.reduce((sum, c) => sum + c.l, 0),
      w: counts.reduce((sum, c) => sum + c.w, 0),
      m: counts.reduce((sum, c) => sum + c.m, 0),
      c: counts.reduce((sum, c) => sum + c.c, 0),
    });
  }
  // GNU wc: one number for one input is not padded; piped input gets width 7; files the width of their total size.
  const fromStdin = inputs.some((input) => input.name === '' || input.name === 'standard input');
  const width =
    columns.length === 1 && rows.length === 1
      ? 1
      : fromStdin
        ? 7
        : String(counts.reduce((sum, c) => sum + c.c, 0)).length;
  const lines = rows.map((row) => {
    const numbers = columns.map((column) => String(row[column]).padStart(width)).join(' ');
    return row.name ? `${numbers} ${row.name}` : numbers;
  });
  if (lines.length > 0) chunks.push(out(`${lines.join('\n')}\n`));
  return done(chunks, failed ? 1 : 0);
};
