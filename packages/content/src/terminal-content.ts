import type { TerminalContent, TerminalFileAttributes } from '@bastion/contract';
import type { Terminal, TerminalEntry, TerminalFile } from './content.model.ts';

/** A quiz's terminal as stored: what the author wrote, without the lines and the solution that only validation needs. */
export type StoredTerminal = Pick<
  Terminal,
  'hostname' | 'user' | 'cwd' | 'clock' | 'files' | 'network' | 'hosts' | 'services'
> & {
  entries: Omit<TerminalEntry, 'line'>[];
};

/**
 * A file's attributes with the lab's defaults filled in, as the lab's setup applies them: the quiz user owns what
 * names no owner, the group follows the owner, files are 0644 and directories 0755.
 */
function attributesOf(file: TerminalFile, user: string): TerminalFileAttributes {
  const given = typeof file === 'string' ? {} : file;
  const directory = given.directory === true;
  const owner = given.owner ?? user;
  return {
    owner,
    group: given.group ?? owner,
    mode: given.mode ?? (directory ? '0755' : '0644'),
    mtime: given.mtime ?? null,
    directory,
    encoding: given.base64 === undefined ? 'utf-8' : 'base64',
    copy_of: given.copy_of ?? null,
  };
}

function textOf(file: TerminalFile): string {
  if (typeof file === 'string') return file;
  return file.content ?? file.base64 ?? '';
}

/**
 * A quiz's terminal as the API answers it, and as a lab is set up from it (`quizLabSetup` in @bastion/labs): every
 * file's text, and its attributes beside it.
 */
export function terminalContentOf(terminal: StoredTerminal): TerminalContent {
  const { hostname, user, cwd, entries } = terminal;
  const paths = Object.keys(terminal.files);
  return {
    hostname,
    user,
    cwd,
    clock: terminal.clock ?? null,
    entries,
    files: Object.fromEntries(paths.map((path) => [path, textOf(terminal.files[path]!)])),
    file_attributes: Object.fromEntries(paths.map((path) => [path, attributesOf(terminal.files[path]!, user)])),
    network: terminal.network ?? null,
    hosts: terminal.hosts ?? [],
    services: terminal.services ?? [],
  };
}
