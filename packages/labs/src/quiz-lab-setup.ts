import type { LabContent, TerminalContent, TerminalFileAttributes } from '@bastion/contract';
import { fromBase64 } from './base64.ts';
import type { LabFile, LabSetup } from './lab-spec.ts';

/**
 * Where a file's bytes come from: its text, its base64 decoded, a command's output, a file of the lab image, or none
 * (a directory).
 */
function sourceOf(
  text: string,
  attributes: TerminalFileAttributes,
): Pick<LabFile, 'content' | 'copyOf' | 'generate' | 'directory'> {
  if (attributes.directory) return { directory: true };
  if (attributes.copy_of) return { copyOf: attributes.copy_of };
  if (attributes.encoding === 'command') return { generate: text };
  if (attributes.encoding === 'base64') return { content: fromBase64(text) };
  return { content: text };
}

/**
 * A lab's files, network, hosts and services, from the API's answer (the content package's `labContentOf` fills
 * in every default): each file with its owner, mode and time.
 */
export function labContentSetup(
  lab: LabContent,
): Pick<
  LabSetup,
  'files' | 'network' | 'hosts' | 'services' | 'accounts' | 'processesVisible' | 'packetCapture' | 'sealed'
> {
  return {
    files: Object.entries(lab.files).map(([path, text]) => {
      const attributes = lab.file_attributes[path];
      if (!attributes) throw new Error(`The lab gives no attributes for ${path}.`);
      return {
        path,
        ...sourceOf(text, attributes),
        owner: attributes.owner,
        group: attributes.group,
        mode: attributes.mode,
        ...(attributes.mtime ? { mtime: attributes.mtime } : {}),
      };
    }),
    ...(lab.network ? { network: lab.network } : {}),
    ...(lab.hosts.length > 0 ? { hosts: lab.hosts } : {}),
    ...(lab.services.length > 0 ? { services: lab.services } : {}),
    ...(lab.accounts.length > 0 ? { accounts: lab.accounts } : {}),
    ...(lab.processes_visible ? { processesVisible: true } : {}),
    ...(lab.packet_capture ? { packetCapture: true } : {}),
    ...(lab.sealed ? { sealed: lab.sealed } : {}),
  };
}

/**
 * A quiz's lab, from its terminal as the API answers it: its user on its host in its directory, with its files and
 * whatever runs beside them. The web app starts this lab for the learner; `content validate` replays the quiz's
 * recording in the same lab.
 */
export function quizLabSetup(terminal: TerminalContent): LabSetup {
  return {
    hostname: terminal.hostname,
    user: terminal.user,
    cwd: terminal.cwd,
    ...(terminal.clock ? { clock: terminal.clock } : {}),
    ...labContentSetup(terminal),
  };
}
