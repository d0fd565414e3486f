import type { ContentDryRun, ContentImportRun, ContentOverview } from '@bastion/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/**
 * A check or an import reads and compares the whole folder: seconds on a quiet server, far more on a busy one, and
 * an import goes on to the end however long the browser waits. Cut at R9's 5 s, the page would say it failed while
 * the server finished it; these two wait up to five minutes.
 */
export const CONTENT_ACTION_TIMEOUT_MS = 5 * 60_000;

/** GET /api/admin/content/: what is imported, and the last import. */
export async function getContentOverview(): Promise<ContentOverview> {
  const { data } = await api.get<ContentOverview>('/api/admin/content/');
  return data;
}

export function useContentOverview() {
  return useQuery({ queryKey: adminKeys.content(), queryFn: getContentOverview, staleTime: 0 });
}

/** POST /api/admin/content/dry-run/: the server's content folder validated; nothing is written. */
export async function checkContentFolder(): Promise<ContentDryRun> {
  const { data } = await api.post<ContentDryRun>('/api/admin/content/dry-run/', undefined, {
    timeout: CONTENT_ACTION_TIMEOUT_MS,
  });
  return data;
}

export function useContentDryRun() {
  return useMutation({ mutationFn: checkContentFolder, retry: false });
}

/** POST /api/admin/content/import/: the folder imported; a 422 carries the refused run. */
export async function importContentFolder(): Promise<ContentImportRun> {
  const { data } = await api.post<ContentImportRun>('/api/admin/content/import/', undefined, {
    timeout: CONTENT_ACTION_TIMEOUT_MS,
  });
  return data;
}

export function useContentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContentFolder,
    retry: false,
    // Refused or not, the import is recorded: the last import and the audit log change.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.content() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
