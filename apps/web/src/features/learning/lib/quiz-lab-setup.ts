import type { LabFile } from '@bastion/labs';
import type { LabSetup } from '../../../components/lab/lab-panel.tsx';

interface FileAttributes {
  owner: string;
  group: string;
  mode: string;
  mtime: string | null;
  directory: boolean;
  encoding: 'utf-8' | 'base64';
  copy_of: string | null;
}

/** Where a file's bytes come from: its text, its base64 decoded, a file of the lab image, or none (a directory). */
function sourceOf(text: string, attribute: Partial<FileAttributes>): Pick<LabFile, 'content' | 'copyOf' | 'directory'> {
  if (attribute.directory) return { directory: true };
  if (attribute.copy_of) return { copyOf: attribute.copy_of };
  if (attribute.encoding === 'base64') return { content: Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) };
  return { content: text };
}

/** What a quiz's lab is made of: its terminal content (attributes and clock are absent from older servers). */
export interface QuizLabContent {
  hostname: string;
  user: string;
  cwd: string;
  files: Record<string, string>;
  clock?: string | null;
  file_attributes?: Record<string, Partial<FileAttributes>>;
}

/** The quiz's lab: its user on its host in its directory, with its files, owners, modes and times. */
export function quizLabSetup(content: QuizLabContent): LabSetup {
  const attributes = content.file_attributes ?? {};
  return {
    hostname: content.hostname,
    user: content.user,
    cwd: content.cwd,
    ...(content.clock ? { clock: content.clock } : {}),
    files: Object.entries(content.files).map(([path, text]) => {
      const attribute = attributes[path] ?? {};
      return {
        path,
        ...sourceOf(text, attribute),
        owner: attribute.owner ?? content.user,
        group: attribute.group ?? content.user,
        mode: attribute.mode ?? (attribute.directory ? '0755' : '0644'),
        ...(attribute.mtime ? { mtime: attribute.mtime } : {}),
      };
    }),
  };
}
