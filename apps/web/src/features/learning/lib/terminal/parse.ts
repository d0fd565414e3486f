/**
 * Turns a command line into lists of pipelines, the way bash reads it: quotes, backslash escapes,
 * `$VAR`/`${VAR}`/`$?`, a leading `~`, wildcards, `|`, `;`, `&&`, `||`, `#` comments and redirections.
 * Expansion is left to the moment each command runs, so `cd /etc && echo $PWD` shows the new directory.
 */
export type WordPart =
  { kind: 'text'; text: string; quoted: boolean } | { kind: 'var'; name: string } | { kind: 'tilde' };

export type Word = WordPart[];

export interface Redirect {
  /** 0 reads a file as input; 1 and 2 are output and errors; 'all' is `&>`. */
  fd: 0 | 1 | 2 | 'all';
  append: boolean;
  /** `2>&1` and `>&2` duplicate a stream instead of naming a file. */
  toFd: 1 | 2 | null;
  target: Word | null;
}

export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
}

export interface ListItem {
  pipeline: SimpleCommand[];
  /** How the next pipeline depends on this one. */
  next: ';' | '&&' | '||' | null;
}

export type ParseResult = { ok: true; list: ListItem[] } | { ok: false; error: string };

type Token =
  | { type: 'word'; word: Word }
  | { type: 'pipe' }
  | { type: 'op'; op: ';' | '&&' | '||' }
  | { type: 'redirect'; fd: Redirect['fd']; append: boolean; toFd: 1 | 2 | null; text: string };

class ParseError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const syntax = (token: string) => new ParseError(`bash: syntax error near unexpected token \`${token}'`);

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word: Word = [];
  let raw = '';
  let started = false;

  const pushText = (text: string, quoted: boolean) => {
    const last = word[word.length - 1];
    if (last && last.kind === 'text' && last.quoted === quoted) last.text += text;
    else word.push({ kind: 'text', text, quoted });
  };
  const endWord = () => {
    if (started) tokens.push({ type: 'word', word });
    word = [];
    raw = '';
    started = false;
  };
  /** `$…` at `index`; returns how many characters it used (0: a plain `$`). */
  const readVariable = (index: number): number => {
    const rest = line.slice(index + 1);
    if (rest.startsWith('?')) {
      word.push({ kind: 'var', name: '?' });
      return 2;
    }
    if (rest.startsWith('(')) throw new ParseError('bash: command substitution $(…) is not supported in this terminal');
    if (rest.startsWith('{')) {
      const close = rest.indexOf('}');
      const name = close === -1 ? '' : rest.slice(1, close);
      if (close === -1 || !/^([A-Za-z_][A-Za-z0-9_]*|\?)$/.test(name)) {
        throw new ParseError(`bash: $${close === -1 ? rest : rest.slice(0, close + 1)}: bad substitution`);
      }
      word.push({ kind: 'var', name });
      return close + 2;
    }
    const match = NAME.exec(rest);
    if (!match) return 0;
    word.push({ kind: 'var', name: match[0] });
    return match[0].length + 1;
  };

  let index = 0;
  while (index < line.length) {
    const char = line[index] as string;
    if (char === ' ' || char === '\t' || char === '\n') {
      endWord();
      index += 1;
    } else if (char === '#' && !started) {
      break;
    } else if (char === "'") {
      const close = line.indexOf("'", index + 1);
      if (close === -1) throw new ParseError("bash: unexpected EOF while looking for matching `''");
      pushText(line.slice(index + 1, close), true);
      started = true;
      raw += 'q';
      index = close + 1;
    } else if (char === '"') {
      started = true;
      raw += 'q';
      index += 1;
      let closed = false;
      while (index < line.length) {
        const inner = line[index] as string;
        if (inner === '"') {
          closed = true;
          index += 1;
          break;
        }
        if (inner === '\\' && index + 1 < line.length && '$`"\\'.includes(line[index + 1] as string)) {
          pushText(line[index + 1] as string, true);
          index += 2;
        } else if (inner === '$') {
          const used = readVariable(index);
          if (used === 0) pushText('$', true);
          index += Math.max(used, 1);
        } else if (inner === '`') {
          throw new ParseError('bash: command substitution `…` is not supported in this terminal');
        } else {
          pushText(inner, true);
          index += 1;
        }
      }
      if (!closed) throw new ParseError('bash: unexpected EOF while looking for matching `"\'');
      // Keep "" as an (empty) word.
      if (word.length === 0) pushText('', true);
    } else if (char === '\\') {
      if (index + 1 < line.length) pushText(line[index + 1] as string, true);
      started = true;
      raw += 'q';
      index += 2;
    } else if (char === '$') {
      const used = readVariable(index);
      if (used === 0) pushText('$', false);
      started = true;
      raw += 'v';
      index += Math.max(used, 1);
    } else if (char === '`') {
      throw new ParseError('bash: command substitution `…` is not supported in this terminal');
    } else if (
      char === '~' &&
      !started &&
      (index + 1 === line.length || /[\s/;|&<>]/.test(line[index + 1] as string))
    ) {
      word.push({ kind: 'tilde' });
      started = true;
      raw += '~';
      index += 1;
    } else if (char === '|' || char === ';' || char === '&' || char === '>' || char === '<') {
      const next = line[index + 1];
      const fdPrefix = (char === '>' || char === '<') && (raw === '1' || raw === '2') ? Number(raw) : null;
      if (fdPrefix !== null) {
        word = [];
        raw = '';
        started = false;
      }
      endWord();
      if (char === '|') {
        tokens.push(next === '|' ? { type: 'op', op: '||' } : { type: 'pipe' });
        index += next === '|' ? 2 : 1;
      } else if (char === ';') {
        tokens.push({ type: 'op', op: ';' });
        index += 1;
      } else if (char === '&' && next === '&') {
        tokens.push({ type: 'op', op: '&&' });
        index += 2;
      } else if (char === '&' && next === '>') {
        const append = line[index + 2] === '>';
        tokens.push({ type: 'redirect', fd: 'all', append, toFd: null, text: append ? '&>>' : '&>' });
        index += append ? 3 : 2;
      } else if (char === '&') {
        throw new ParseError('bash: background jobs (&) are not supported in this terminal');
      } else if (char === '<') {
        tokens.push({ type: 'redirect', fd: 0, append: false, toFd: null, text: '<' });
        index += 1;
      } else {
        const append = next === '>';
        let used = append ? 2 : 1;
        let toFd: 1 | 2 | null = null;
        const dup = /^&([12])/.exec(line.slice(index + used));
        if (dup) {
          toFd = Number(dup[1]) as 1 | 2;
          used += 2;
        }
        const fd = (fdPrefix ?? 1) as 1 | 2;
        tokens.push({ type: 'redirect', fd, append, toFd, text: line.slice(index, index + used) });
        index += used;
      }
    } else if (char === '(' || char === ')') {
      throw syntax(char);
    } else {
      pushText(char, false);
      started = true;
      raw += char;
      index += 1;
    }
  }
  endWord();
  return tokens;
}

function build(tokens: Token[]): ListItem[] {
  const list: ListItem[] = [];
  let pipeline: SimpleCommand[] = [];
  let command: SimpleCommand = { words: [], redirects: [] };
  const isEmpty = (c: SimpleCommand) => c.words.length === 0 && c.redirects.length === 0;

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.type === 'word') command.words.push(token.word);
    else if (token.type === 'redirect') {
      if (token.toFd !== null) {
        command.redirects.push({ fd: token.fd, append: token.append, toFd: token.toFd, target: null });
        continue;
      }
      const target = tokens[index + 1];
      if (!target) throw syntax('newline');
      if (target.type !== 'word')
        throw syntax(target.type === 'pipe' ? '|' : target.type === 'op' ? target.op : target.text);
      command.redirects.push({ fd: token.fd, append: token.append, toFd: null, target: target.word });
      index += 1;
    } else if (token.type === 'pipe') {
      if (isEmpty(command)) throw syntax('|');
      pipeline.push(command);
      command = { words: [], redirects: [] };
    } else {
      if (isEmpty(command)) throw syntax(token.op);
      pipeline.push(command);
      list.push({ pipeline, next: token.op });
      pipeline = [];
      command = { words: [], redirects: [] };
    }
  }
  if (isEmpty(command)) {
    if (pipeline.length > 0) throw new ParseError('bash: syntax error: unexpected end of file');
    const last = list[list.length - 1];
    if (last && last.next !== ';') throw new ParseError('bash: syntax error: unexpected end of file');
    if (last) last.next = null;
  } else {
    pipeline.push(command);
    list.push({ pipeline, next: null });
  }
  return list;
}

export function parseLine(line: string): ParseResult {
  try {
    return { ok: true, list: build(tokenize(line)) };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error: error.message };
    throw error;
  }
}

export interface ExpandedWord {
  text: string;
  /** The word as a wildcard pattern (quoted characters escaped) when it has an unquoted wildcard. */
  pattern: string | null;
}

export function expandWord(word: Word, home: string, variable: (name: string) => string): ExpandedWord {
  let text = '';
  let pattern = '';
  let wild = false;
  for (const part of word) {
    if (part.kind === 'tilde') {
      text += home;
      pattern += home.replace(/[\\*?[]/g, '\\$&');
    } else if (part.kind === 'var') {
      const value = variable(part.name);
      text += value;
      pattern += value.replace(/[\\*?[]/g, '\\$&');
    } else if (part.quoted) {
      text += part.text;
      pattern += part.text.replace(/[\\*?[]/g, '\\$&');
    } else {
      text += part.text;
      pattern += part.text;
      if (/[*?[]/.test(part.text)) wild = true;
    }
  }
  return { text, pattern: wild ? pattern : null };
}
