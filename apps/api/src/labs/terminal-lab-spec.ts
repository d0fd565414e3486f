import type { LabFile, LabSpec } from '@bastion/labs';
import type { Terminal, TerminalFile } from '../modules/content/content.model.ts';

/** The terminal width every recording is replayed at. */
export const recordingColumns = 80;
export const recordingRows = 24;

/** Where a lab file's bytes come from: its text, its base64, a file of the image, or nothing (a directory). */
function labFileSource(file: Exclude<TerminalFile, string>): Pick<LabFile, 'content' | 'copyOf' | 'directory'> {
  if (file.directory) return { directory: true };
  if (file.copy_of !== undefined) return { copyOf: file.copy_of };
  if (file.base64 !== undefined) return { content: Buffer.from(file.base64, 'base64') };
  return { content: file.content ?? '' };
}

/** The lab a quiz's terminal describes, as the web app starts it for a learner. */
export function labSpecOfTerminal(terminal: Terminal): LabSpec {
  const files = Object.entries(terminal.files).map(([path, file]): LabFile => {
    if (typeof file === 'string') return { path, content: file };
    const { owner, group, mode, mtime } = file;
    return { path, ...labFileSource(file), owner, group, mode, mtime };
  });
  return {
    hostname: terminal.hostname,
    user: terminal.user,
    cwd: terminal.cwd,
    files,
    clock: terminal.clock,
    columns: recordingColumns,
    rows: recordingRows,
  };
}
