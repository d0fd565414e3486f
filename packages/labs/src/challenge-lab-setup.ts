import type { LabContent } from '@bastion/contract';
import { defaultLabIdentity, type LabSetup } from './lab-spec.ts';
import { labContentSetup } from './quiz-lab-setup.ts';

/** A file name fit for the learner's home directory: the last path segment, never `.` or `..`. */
export function homeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop()?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? 'attachment' : last;
}

/**
 * A challenge's lab: the image's own learner in their home directory, with the challenge's files there, and what
 * its lab declares besides (files elsewhere, a network, hosts, services). The web app fetches each attachment's
 * bytes through its download; `content validate` reads them from the content folder.
 */
export async function challengeLabSetup<A extends { name: string }>(
  attachments: A[],
  bytesOf: (attachment: A) => Promise<Uint8Array>,
  lab: LabContent | null = null,
): Promise<LabSetup> {
  const { hostname, user, cwd } = defaultLabIdentity;
  const declared = lab ? labContentSetup(lab) : { files: [] };
  const files = await Promise.all(
    attachments.map(async (attachment) => ({
      path: `${cwd}/${homeFileName(attachment.name)}`,
      content: await bytesOf(attachment),
      owner: user,
      group: user,
      mode: '0644',
    })),
  );
  return { hostname, user, cwd, ...declared, files: [...declared.files, ...files] };
}
