import type { LabSetup } from '../../../components/lab/lab-panel.tsx';

interface FileAttributes {
  owner: string;
  group: string;
  mode: string;
  mtime: string | null;
  directory: boolean;
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
        ...(attribute.directory ? { directory: true } : { content: text }),
        owner: attribute.owner ?? content.user,
        group: attribute.group ?? content.user,
        mode: attribute.mode ?? (attribute.directory ? '0755' : '0644'),
        ...(attribute.mtime ? { mtime: attribute.mtime } : {}),
      };
    }),
  };
}
