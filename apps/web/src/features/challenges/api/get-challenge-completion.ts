import type { CompletedChallenge } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { completionKey } from './query-keys.ts';

/**
 * R15: `GET /api/challenges/completed_challenge/{id}/` (public). Sent without the bearer token, so a
 * stale session never gets in the way of a shared link.
 */
export async function getChallengeCompletion(id: string): Promise<CompletedChallenge> {
  const { data } = await api.get<CompletedChallenge>(`/api/challenges/completed_challenge/${encodeURIComponent(id)}/`, {
    skipAuth: true,
  });
  return data;
}

export function challengeCompletionQueryOptions(id: string) {
  return queryOptions({ queryKey: completionKey(id), queryFn: () => getChallengeCompletion(id) });
}

export function useChallengeCompletion(id: string) {
  return useQuery(challengeCompletionQueryOptions(id));
}
