import { cat, cd, ls, pwd } from './commands/navigation.ts';
import { find } from './commands/find.ts';
import { clear, echo, help, hostname, id, whoami } from './commands/misc.ts';
import { grep } from './commands/grep.ts';
import { head, tail, wc } from './commands/text.ts';
import { createFileSystem, listDir, lookup, type FileSystem } from './file-system.ts';
import { globToRegExp, hasWildcard, unescapeGlob } from './glob.ts';
import { expandWord, parseLine, type Redirect, type SimpleCommand } from './parse.ts';
import {
  err,
  type Command,
  type CommandContext,
  type OutputChunk,
  type RunResult,
  type ShellState,
  type TerminalSession,
} from './types.ts';

export type { OutputChunk, RunResult, ShellState, TerminalSession } from './types.ts';

const COMMANDS: Record<string, Command> = {
  ls,
  cd,
  pwd,
  cat,
  head,
  tail,
  grep,
  find,
  wc,
  whoami,
  id,
  echo,
  clear,
  help,
  hostname,
};
export const COMMAND_NAMES = Object.keys(COMMANDS).sort();

export interface Completion {
  /** The line with the word under the cursor completed as far as it is unambiguous. */
  line: string;
  /** Every name that fits, when more than one does. */
  candidates: string[];
}

export interface Shell {
  readonly initialState: ShellState;
  readonly home: string;
  run(state: ShellState, line: string): RunResult;
  prompt(state: ShellState): string;
  complete(state: ShellState, line: string): Completion;
}

const normaliseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Every path a wildcard pattern names, sorted; hidden names only when the pattern segment starts with a dot. */
function expandGlob(fs: FileSystem, cwd: string, pattern: string): string[] {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((segment) => segment !== '');
  let matches: { path: string; shown: string }[] = [{ path: absolute ? '/' : cwd, shown: absolute ? '/' : '' }];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    const next: { path: string; shown: string }[] = [];
    for (const match of matches) {
      const join = (name: string) =>
        match.shown === '' ? name : match.shown.endsWith('/') ? `${match.shown}${name}` : `${match.shown}/${name}`;
      if (!hasWildcard(segment)) {
        const name = unescapeGlob(segment);
        const found = lookup(fs, match.path, name);
        if (found.kind === 'dir' || (last && found.kind === 'file')) next.push({ path: found.path, shown: join(name) });
        continue;
      }
      const regex = globToRegExp(segment);
      for (const entry of listDir(fs, match.path)) {
        if (entry.name.startsWith('.') && !segment.startsWith('.')) continue;
        if (!regex.test(entry.name)) continue;
        if (last || entry.kind === 'dir') next.push({ path: entry.path, shown: join(entry.name) });
      }
    }
    matches = next;
  });
  return matches.map((match) => match.shown).sort();
}

/**
 * A small, read-only bash for a quiz's file tree (contract §4 terminal content). Pure: `run` takes the
 * state and a line and returns the new state and the output, so the screen and the tests share it.
 */
export function createShell(session: TerminalSession): Shell {
  const home = session.user === 'root' ? '/root' : `/home/${session.user}`;
  const fs = createFileSystem(session.files, [home, session.cwd || home]);
  const start = lookup(fs, '/', session.cwd || home);
  const initialState: ShellState = { cwd: start.kind === 'dir' ? start.path : home, oldPwd: null, status: 0 };
  const recorded = new Map(session.entries.map((entry) => [normaliseSpaces(entry.command), entry.output]));

  const variable = (state: ShellState) => (name: string) => {
    const values: Record<string, string> = {
      HOME: home,
      USER: session.user,
      LOGNAME: session.user,
      HOSTNAME: session.hostname,
      PWD: state.cwd,
      OLDPWD: state.oldPwd ?? '',
      SHELL: '/bin/bash',
      '?': String(state.status),
    };
    return values[name] ?? '';
  };

  const expandArgs = (command: SimpleCommand, state: ShellState): string[] => {
    const args: string[] = [];
    for (const word of command.words) {
      const expanded = expandWord(word, home, variable(state));
      const quoted = word.some((part) => part.kind === 'text' && part.quoted);
      if (expanded.text === '' && !quoted) continue;
      const matches = expanded.pattern ? expandGlob(fs, state.cwd, expanded.pattern) : [];
      if (matches.length > 0) args.push(...matches);
      else args.push(expanded.text);
    }
    return args;
  };

  /** Opens the redirections like bash does before running the command; any write is refused. */
  const openRedirects = (redirects: Redirect[], state: ShellState) => {
    let stdin: string | null = null;
    let outTo: 'screen' | 'null' | 'err' = 'screen';
    let errTo: 'screen' | 'null' | 'out' = 'screen';
    for (const redirect of redirects) {
      if (redirect.toFd !== null) {
        if (redirect.fd === 2 && redirect.toFd === 1) errTo = outTo === 'null' ? 'null' : 'out';
        if (redirect.fd === 1 && redirect.toFd === 2) outTo = errTo === 'null' ? 'null' : 'err';
        continue;
      }
      const target = expandWord(redirect.target ?? [], home, variable(state)).text;
      if (redirect.fd === 0) {
        const found = lookup(fs, state.cwd, target);
        if (found.kind !== 'file') {
          const reason =
            found.kind === 'dir'
              ? 'Is a directory'
              : found.kind === 'notdir'
                ? 'Not a directory'
                : 'No such file or directory';
          return { error: `bash: ${target}: ${reason}` };
        }
        stdin = found.content;
        continue;
      }
      if (target !== '/dev/null') {
        const found = lookup(fs, state.cwd, target);
        return { error: `bash: ${target}: ${found.kind === 'dir' ? 'Is a directory' : 'Read-only file system'}` };
      }
      if (redirect.fd === 1 || redirect.fd === 'all') outTo = 'null';
      if (redirect.fd === 2 || redirect.fd === 'all') errTo = 'null';
    }
    return { stdin, outTo, errTo };
  };

  const runPipeline = (pipeline: SimpleCommand[], state: ShellState) => {
    const output: OutputChunk[] = [];
    let stdin: string | null = null;
    let next: ShellState = state;
    let clearScreen = false;
    pipeline.forEach((command, index) => {
      const last = index === pipeline.length - 1;
      const args = expandArgs(command, state);
      const opened = openRedirects(command.redirects, state);
      if ('error' in opened) {
        output.push(err(opened.error ?? ''));
        stdin = last ? null : '';
        next = { ...next, status: 1 };
        return;
      }
      const name = args[0];
      let result;
      if (name === undefined) result = { out: [], code: 0 };
      else {
        const implementation = COMMANDS[name];
        const context: CommandContext = {
          fs,
          cwd: state.cwd,
          oldPwd: state.oldPwd,
          home,
          user: session.user,
          hostname: session.hostname,
          stdin: opened.stdin ?? stdin,
          piped: !last || opened.outTo !== 'screen',
        };
        if (implementation) result = implementation(args.slice(1), context);
        else if (recorded.has(normaliseSpaces(args.join(' ')))) {
          const text = recorded.get(normaliseSpaces(args.join(' '))) ?? '';
          result = {
            out: text ? [{ stream: 'out' as const, text: text.endsWith('\n') ? text : `${text}\n` }] : [],
            code: 0,
          };
        } else if (name.includes('/')) {
          const found = lookup(fs, state.cwd, name);
          result =
            found.kind === 'missing' || found.kind === 'notdir'
              ? { out: [err(`bash: ${name}: No such file or directory`)], code: 127 }
              : {
                  out: [err(`bash: ${name}: ${found.kind === 'dir' ? 'Is a directory' : 'Permission denied'}`)],
                  code: 126,
                };
        } else result = { out: [err(`bash: ${name}: command not found`)], code: 127 };
      }

      let piped = '';
      for (const chunk of result.out) {
        const destination = chunk.stream === 'out' ? opened.outTo : opened.errTo;
        const stream =
          destination === 'screen'
            ? chunk.stream
            : destination === 'out'
              ? 'out'
              : destination === 'err'
                ? 'err'
                : null;
        if (stream === null) continue;
        if (stream === 'out' && !last) piped += chunk.text;
        else output.push({ stream, text: chunk.text });
      }
      stdin = last ? null : piped;
      // A pipeline's commands run in subshells: only a command on its own changes the directory.
      if (pipeline.length === 1 && result.cwd !== undefined) {
        next = { ...next, cwd: result.cwd, oldPwd: result.oldPwd ?? next.oldPwd };
      }
      if ('clear' in result && result.clear) clearScreen = true;
      next = { ...next, status: result.code };
    });
    return { state: next, output, clear: clearScreen };
  };

  const run = (state: ShellState, line: string): RunResult => {
    const parsed = parseLine(line);
    if (!parsed.ok) return { state: { ...state, status: 2 }, output: [err(parsed.error)], clear: false };
    let current = state;
    const output: OutputChunk[] = [];
    let clearScreen = false;
    let previous: ';' | '&&' | '||' | null = null;
    for (const item of parsed.list) {
      const skip = (previous === '&&' && current.status !== 0) || (previous === '||' && current.status === 0);
      if (!skip) {
        const result = runPipeline(item.pipeline, current);
        current = result.state;
        if (result.clear) {
          clearScreen = true;
          output.length = 0;
        }
        output.push(...result.output);
      }
      previous = item.next;
    }
    return { state: current, output, clear: clearScreen };
  };

  const prompt = (state: ShellState) => {
    const where =
      state.cwd === home ? '~' : state.cwd.startsWith(`${home}/`) ? `~${state.cwd.slice(home.length)}` : state.cwd;
    return `${session.user}@${session.hostname}:${where}${session.user === 'root' ? '#' : '$'}`;
  };

  const complete = (state: ShellState, line: string): Completion => {
    const wordStart =
      Math.max(line.lastIndexOf(' '), line.lastIndexOf('|'), line.lastIndexOf(';'), line.lastIndexOf('&')) + 1;
    const before = line.slice(0, wordStart);
    const word = line.slice(wordStart);
    const isCommand = before.trim() === '' || /[|;&]\s*$/.test(before);
    let names: string[];
    let dirPart = '';
    if (isCommand && !word.includes('/')) {
      names = COMMAND_NAMES.filter((name) => name.startsWith(word)).map((name) => `${name} `);
    } else {
      const slash = word.lastIndexOf('/');
      dirPart = slash === -1 ? '' : word.slice(0, slash + 1);
      const prefix = word.slice(slash + 1);
      const dirInput = dirPart === '' ? '.' : dirPart.replace(/^~(?=\/|$)/, home);
      const dir = lookup(fs, state.cwd, dirInput);
      names =
        dir.kind !== 'dir'
          ? []
          : listDir(fs, dir.path)
              .filter(
                (entry) => entry.name.startsWith(prefix) && (prefix.startsWith('.') || !entry.name.startsWith('.')),
              )
              .map((entry) => (entry.kind === 'dir' ? `${entry.name}/` : `${entry.name} `));
    }
    if (names.length === 0) return { line, candidates: [] };
    if (names.length === 1) return { line: `${before}${dirPart}${names[0]}`, candidates: [] };
    let common = names[0] as string;
    for (const name of names) while (!name.startsWith(common)) common = common.slice(0, -1);
    return { line: `${before}${dirPart}${common.trimEnd()}`, candidates: names.map((name) => name.trimEnd()) };
  };

  return { initialState, home, run, prompt, complete };
}
