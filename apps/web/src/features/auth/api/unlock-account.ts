import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /api/users/unlock/ {uidb64, token}` (no auth) → `{detail}`, or `400 {"detail"}` for a bad or used link. */
export async function unlockAccount(uidb64: string, token: string): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/users/unlock/', { uidb64, token }, { skipAuth: true });
  return data;
}

/**
 * The mailed link works once, and opening it is the whole action: a query (not a mutation) so the page
 * asks exactly once however often it renders (never retried, never refetched, kept while the page is open),
 * as the email verification does.
 */
export const unlockAccountQueryOptions = (uidb64: string, token: string) =>
  queryOptions({
    queryKey: ['auth', 'unlock', uidb64, token] as const,
    queryFn: () => unlockAccount(uidb64, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useUnlockAccount(uidb64: string, token: string) {
  return useQuery(unlockAccountQueryOptions(uidb64, token));
}
