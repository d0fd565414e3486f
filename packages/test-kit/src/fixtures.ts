// Values of the contract's types that tests build again and again (Node and browser tests alike: nothing of Node here).
import type { TerminalContent, TerminalFileAttributes } from '@bastion/contract';

/**
 * A lab file's attributes: by default a text file of the lab user `student`'s, as the API describes a file whose
 * quiz names no attributes; `overrides` on top.
 */
export function fileAttributes(overrides: Partial<TerminalFileAttributes> = {}): TerminalFileAttributes {
  return {
    owner: 'student',
    group: 'student',
    mode: '0644',
    mtime: null,
    directory: false,
    encoding: 'utf-8',
    copy_of: null,
    ...overrides,
  };
}

/**
 * A quiz's terminal as `GET /api/courses/quiz/<id>/terminal_content/` answers it: by default the user `student` in
 * `/home/student` on `lab`, with no session, files, network, services or accounts, nothing sealed; `overrides` on top.
 */
export function terminalContent(overrides: Partial<TerminalContent> = {}): TerminalContent {
  return {
    hostname: 'lab',
    user: 'student',
    cwd: '/home/student',
    clock: null,
    entries: [],
    files: {},
    file_attributes: {},
    network: null,
    hosts: [],
    services: [],
    accounts: [],
    processes_visible: false,
    packet_capture: false,
    sealed: null,
    tools: [],
    ...overrides,
  };
}
