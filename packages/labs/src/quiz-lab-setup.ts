import type { TerminalContent, TerminalFileAttributes } from '@bastion/contract';
import type { LabFile, LabSetup } from './lab-spec.ts';

/** Where a file's bytes come from: its text, its base64 decoded, a file of the lab image, or none (a directory). */
function sourceOf(text: string, attributes: TerminalFileAttributes): Pick<LabFile, 'content' | 'copyOf' | 'directory'> {
  if (attributes.directory) return { directory: true };
  if (attributes.copy_of) return { copyOf: attributes.copy_of };
  if (attributes.encoding === 'base64') return { content: Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) };
  return { content: text };
}

/**
 * A quiz's lab, from its terminal as the API answers it (the content package's `terminalContentOf` fills in every
 * default): its user on its host in its directory, with its files, owners, modes and times. The web app starts
 * this lab for the learner; `content validate` replays the quiz's recording in the same lab.
 */
export function quizLabSetup(terminal: TerminalContent): LabSetup {
  return {
    hostname: terminal.hostname,
    user: terminal.user,
    cwd: terminal.cwd,
    ...(terminal.clock ? { clock: terminal.clock } : {}),
    ...(terminal.network ? { network: terminal.network } : {}),
    ...(terminal.hosts.length > 0 ? { hosts: terminal.hosts } : {}),
    ...(terminal.services.length > 0 ? { services: terminal.services } : {}),
    files: Object.entries(terminal.files).map(([path, text]) => {
      const attributes = terminal.file_attributes[path];
      if (!attributes) throw new Error(`The quiz's terminal gives no attributes for ${path}.`);
      return {
        path,
        ...sourceOf(text, attributes),
        owner: attributes.owner,
        group: attributes.group,
        mode: attributes.mode,
        ...(attributes.mtime ? { mtime: attributes.mtime } : {}),
      };
    }),
  };
}
