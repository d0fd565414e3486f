import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadCsv } from '../lib/csv.ts';
import { submissionParams, type SubmissionFilters } from './get-submissions.ts';

/** A whole log takes longer than a page: the export gets a minute, not R9's 5 s of a page's data. */
const EXPORT_TIMEOUT_MS = 60_000;

/** GET /api/admin/submissions/export/: every answer the filters match, as a CSV file the browser saves. Audited. */
export async function exportSubmissions(filters: SubmissionFilters): Promise<void> {
  const response = await api.get<string>('/api/admin/submissions/export/', {
    params: submissionParams(filters),
    responseType: 'text',
    timeout: EXPORT_TIMEOUT_MS,
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  downloadCsv(/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'submissions.csv', response.data);
}

export function useExportSubmissions() {
  return useMutation({ mutationFn: exportSubmissions, retry: false });
}
