import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadCsv } from '../lib/csv.ts';
import type { AuditFilters } from './get-audit-log.ts';

/** A whole log takes longer than a page: the export gets a minute, not R9's 5 s of a page's data. */
const EXPORT_TIMEOUT_MS = 60_000;

/** The file name the server gives (`audit-log-YYYY-MM-DD.csv`), or a plain one. */
function fileNameOf(disposition: unknown): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? 'audit-log.csv';
}

/** GET /api/admin/audit/export/: every entry the filters match, as a CSV file the browser saves. Audited. */
export async function exportAuditLog(filters: AuditFilters): Promise<void> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const response = await api.get<string>('/api/admin/audit/export/', {
    params,
    responseType: 'text',
    timeout: EXPORT_TIMEOUT_MS,
  });
  downloadCsv(fileNameOf(response.headers['content-disposition']), response.data);
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog, retry: false });
}
