import type { SignedInSession } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionsKey } from './query-keys.ts';

/** `GET /api/users/sessions/` → the learner's live sessions, newest activity first, this one marked `current`. */
export async function getSessions(): Promise<SignedInSession[]> {
  const { data } = await api.get<SignedInSession[]>('/api/users/sessions/');
  return data;
}

/** Always asked afresh when the page opens: another device may have signed in since. */
export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsKey, queryFn: getSessions, staleTime: 0 });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
