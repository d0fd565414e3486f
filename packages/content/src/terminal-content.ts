import { defaultLabIdentity, type LabContent, type TerminalContent, type TerminalFileAttributes } from '@bastion/contract';
import type { ChallengeLab, Terminal, TerminalEntry, TerminalFile } from './content.model.ts';

/** A quiz's terminal as stored: what the author wrote, without the lines and the solution that only validation needs. */
export type StoredTerminal = Pick<
  Terminal,
  | 'hostname'
  | 'user'
  | 'cwd'
  | 'clock'
  | 'files'
  | 'network'
  | 'hosts'
  | 'services'
  | 'accounts'
  | 'secrets'
  | 'processes_visible'
  | 'packet_capture'
  | 'tools'
> & {
  entries: Omit<TerminalEntry, 'line'>[];
};

/**
 * A file's attributes with the lab's defaults filled in, as the lab's setup applies them: the quiz user owns what
 * names no owner, the group follows the owner, files are 0644 and directories 0755, except a service's own (owned by
 * an account a service runs as, neither the learner's nor root's): 0600 and 0700, as a service's code and data are on a server.
 */
function attributesOf(file: TerminalFile, user: string, serviceAccounts: ReadonlySet<string>): TerminalFileAttributes {
  const given = typeof file === 'string' ? {} : file;
  const directory = given.directory === true;
  const owner = given.owner ?? user;
  const serviceOwned = owner !== user && owner !== 'root' && serviceAccounts.has(owner);
  return {
    owner,
    group: given.group ?? owner,
    mode: given.mode ?? (directory ? (serviceOwned ? '0700' : '0755') : serviceOwned ? '0600' : '0644'),
    mtime: given.mtime ?? null,
    directory,
    encoding: given.base64 !== undefined ? 'base64' : given.generate !== undefined ? 'command' : 'utf-8',
    copy_of: given.copy_of ?? null,
  };
}

function textOf(file: TerminalFile): string {
  if (typeof file === 'string') return file;
  return file.content ?? file.base64 ?? file.generate ?? '';
}

/** A lab as the API answers it: every file's text with its attributes beside it (`user` owns what names no owner). */
export function labContentOf(lab: ChallengeLab, user: string): LabContent {
  const paths = Object.keys(lab.files);
  const serviceAccounts = new Set((lab.services ?? []).map((service) => service.user));
  return {
    files: Object.fromEntries(paths.map((path) => [path, textOf(lab.files[path]!)])),
    file_attributes: Object.fromEntries(
      paths.map((path) => [path, attributesOf(lab.files[path]!, user, serviceAccounts)]),
    ),
    network: lab.network ?? null,
    hosts: lab.hosts ?? [],
    services: lab.services ?? [],
    accounts: lab.accounts ?? [],
    processes_visible: lab.processes_visible !== undefined,
    packet_capture: lab.packet_capture !== undefined,
    sealed: null,
    tools: lab.tools ?? [],
  };
}

/** A challenge's lab as the API answers it: its learner is the image's own. */
export function challengeLabContentOf(lab: ChallengeLab): LabContent {
  return labContentOf(lab, defaultLabIdentity.user);
}

/**
 * A quiz's terminal as the API answers it, and as a lab is set up from it (`quizLabSetup` in @bastion/labs): every
 * file's text, and its attributes beside it.
 */
export function terminalContentOf(terminal: StoredTerminal): TerminalContent {
  const { hostname, user, cwd, entries } = terminal;
  return { hostname, user, cwd, clock: terminal.clock ?? null, entries, ...labContentOf(terminal, user) };
}
