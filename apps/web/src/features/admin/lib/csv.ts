import { api } from '@/lib/api-client.ts';

export { toCsv } from '@bastion/contract';

/** A whole list takes longer than a page: an export gets a minute, not R9's 5 s of a page's data. */
const EXPORT_TIMEOUT_MS = 60_000;

/** Hands the browser a CSV file to save. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Only the filters that are set. */
export function setFilters(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
}

/**
 * GETs one of the console's CSV exports and saves it under the name the server gives (`…-YYYY-MM-DD.csv`),
 * or `fallbackName`.
 */
export async function saveCsvFrom(path: string, params: Record<string, unknown>, fallbackName: string): Promise<void> {
  const response = await api.get<string>(path, { params, responseType: 'text', timeout: EXPORT_TIMEOUT_MS });
  const disposition = String(response.headers['content-disposition'] ?? '');
  downloadCsv(/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName, response.data);
}
