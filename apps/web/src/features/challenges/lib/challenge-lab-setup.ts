import type { ChallengeContent } from '@bastion/contract';
import type { LabSetup } from '../../../components/lab/lab-panel.tsx';
import { defaultLabIdentity } from '@bastion/labs';

type Attachment = ChallengeContent['attachments'][number];

/** A file name fit for the learner's home directory: the last path segment, never `.` or `..`. */
export function homeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop()?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? 'attachment' : last;
}

/** A challenge's lab: the image's own learner in their home directory, with the challenge's files there. */
export async function challengeLabSetup(
  attachments: Attachment[],
  fetchBytes: (url: string) => Promise<Uint8Array>,
): Promise<LabSetup> {
  const { hostname, user, cwd } = defaultLabIdentity;
  const files = await Promise.all(
    attachments.map(async (attachment) => ({
      path: `${cwd}/${homeFileName(attachment.name)}`,
      content: await fetchBytes(attachment.url),
      owner: user,
      group: user,
      mode: '0644',
    })),
  );
  return { hostname, user, cwd, files };
}
