import { POLLING, type ChallengeDetail } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** R15: `GET /api/challenges/{id}/` → the challenge with the learner's status (also when locked). */
export async function getChallenge(id: string): Promise<ChallengeDetail> {
  const { data } = await api.get<ChallengeDetail>(`/api/challenges/${encodeURIComponent(id)}/`);
  return data;
}

/** R9: challenge content is fresh for 30 s and kept for 1 h. */
export function challengeQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.detail(id),
    queryFn: () => getChallenge(id),
    staleTime: POLLING.challengeContentStaleMs,
    gcTime: POLLING.challengeContentGcMs,
  });
}

export function useChallenge(id: string) {
  return useQuery(challengeQueryOptions(id));
}
