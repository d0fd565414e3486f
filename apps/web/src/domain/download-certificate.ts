import { useMutation } from '@tanstack/react-query';
import { api, apiErrorStatus } from '../lib/api-client.ts';
import { useSnackbar } from '../lib/snackbar.tsx';

export const CERTIFICATE_DOWNLOAD_FAILED = 'Failed to download the certificate.';

/**
 * R13: `GET /api/users/certificates/{id}/pdf/` (the owner only). Fetched through the app's client so
 * the bearer header goes with it; a plain link could not carry it.
 */
export async function fetchCertificatePdf(id: string): Promise<Blob> {
  const { data } = await api.get<ArrayBuffer>(`/api/users/certificates/${encodeURIComponent(id)}/pdf/`, {
    responseType: 'arraybuffer',
    // A PDF can take longer to draw than the 5 s default.
    timeout: 30_000,
  });
  return new Blob([data], { type: 'application/pdf' });
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "bastion-certificate-linux-fundamentals-bst-2026-4f7k.pdf" */
export function certificateFileName(title: string, serial: string): string {
  const slug = `${title}-${serial}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `bastion-certificate-${slug || 'course'}.pdf`;
}

export function useDownloadCertificate() {
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: string; fileName: string }) => {
      saveBlob(await fetchCertificatePdf(id), fileName);
    },
    onError: (error) => {
      // A 401 ends the session (the API client); the error body of a binary request is not readable text.
      if (apiErrorStatus(error) !== 401) show(CERTIFICATE_DOWNLOAD_FAILED, 'error');
    },
  });
}
