import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `GET /api/users/verify-email/{uidb64}/{token}/` (no auth) → `{detail}`. */
export async function verifyEmail(uidb64: string, token: string): Promise<{ detail?: string }> {
  const path = `/api/users/verify-email/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`;
  const { data } = await api.get<{ detail?: string }>(path, { skipAuth: true });
  return data;
}

/** A link works once: asked exactly once per page (never retried, never refetched, kept while the page is open). */
export const verifyEmailQueryOptions = (uidb64: string, token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', uidb64, token] as const,
    queryFn: () => verifyEmail(uidb64, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyEmail(uidb64: string, token: string) {
  return useQuery(verifyEmailQueryOptions(uidb64, token));
}
