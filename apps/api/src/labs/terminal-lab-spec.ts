import type { LabFile, LabSpec } from '@bastion/labs';
import type { Terminal } from '../modules/content/content.model.ts';

/** The terminal width every recording is replayed at. */
export const recordingColumns = 80;
export const recordingRows = 24;

/** The lab a quiz's terminal describes, as the web app starts it for a learner. */
export function labSpecOfTerminal(terminal: Terminal): LabSpec {
  const files = Object.entries(terminal.files).map(([path, file]): LabFile => {
    if (typeof file === 'string') return { path, content: file };
    const { content, directory, owner, group, mode, mtime } = file;
    return { path, ...(directory ? { directory } : { content: content ?? '' }), owner, group, mode, mtime };
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
