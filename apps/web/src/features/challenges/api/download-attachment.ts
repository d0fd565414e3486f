import type { ChallengeContent } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api, apiErrorStatus } from '@/lib/api-client.ts';
import { saveBlob } from '@/domain/download-certificate.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';

type Attachment = ChallengeContent['attachments'][number];

export const attachmentDownloadFailed = (name: string) => `Failed to download ${name}.`;

/**
 * A challenge file (`/media/attachments/{id}/{name}` from view-content). It is served to signed-in learners
 * who may open the challenge, so it is fetched through the app's client with the bearer header: a plain
 * link could not carry it.
 */
export async function fetchAttachment(url: string): Promise<Blob> {
  // The bearer header goes to this API only, never to a host an attachment URL might name.
  if (!/^\/(?![/\\])/.test(url)) throw new Error(`Not a path on this API: ${url}`);
  const { data, headers } = await api.get<ArrayBuffer>(url, {
    responseType: 'arraybuffer',
    // Attachments can be several megabytes: more than the 5 s default may be needed.
    timeout: 60_000,
  });
  const type = headers['content-type'];
  return new Blob([data], { type: typeof type === 'string' ? type : 'application/octet-stream' });
}

export function useDownloadAttachment() {
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: async (file: Attachment) => saveBlob(await fetchAttachment(file.url), file.name),
    onError: (error, file) => {
      // A 401 ends the session (the API client); a binary response's error body is not readable text.
      if (apiErrorStatus(error) !== 401) show(attachmentDownloadFailed(file.name), 'error');
    },
  });
}
