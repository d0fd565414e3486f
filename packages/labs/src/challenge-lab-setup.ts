import { defaultLabIdentity, type LabSetup } from './lab-spec.ts';

/** A file name fit for the learner's home directory: the last path segment, never `.` or `..`. */
export function homeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop()?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? 'attachment' : last;
}

/**
 * A challenge's lab: the image's own learner in their home directory, with the challenge's files there. The web
 * app fetches each attachment's bytes through its download; `content validate` reads them from the content folder.
 */
export async function challengeLabSetup<A extends { name: string }>(
  attachments: A[],
  bytesOf: (attachment: A) => Promise<Uint8Array>,
): Promise<LabSetup> {
  const { hostname, user, cwd } = defaultLabIdentity;
  const files = await Promise.all(
    attachments.map(async (attachment) => ({
      path: `${cwd}/${homeFileName(attachment.name)}`,
      content: await bytesOf(attachment),
      owner: user,
      group: user,
      mode: '0644',
    })),
  );
  return { hostname, user, cwd, files };
}
