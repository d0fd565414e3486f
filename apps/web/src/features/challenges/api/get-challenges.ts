import type { ChallengeSummary } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeListParams, type ChallengeFilters } from '../lib/challenge-filters.ts';
import { challengeKeys } from './query-keys.ts';

/** R15: `GET /api/challenges/?category=&difficulty=&status=&access=` → every matching challenge. */
export async function getChallenges(filters: ChallengeFilters): Promise<ChallengeSummary[]> {
  const { data } = await api.get<ChallengeSummary[]>('/api/challenges/', { params: challengeListParams(filters) });
  return data;
}

export function challengesQueryOptions(filters: ChallengeFilters) {
  return queryOptions({
    queryKey: challengeKeys.list(filters),
    queryFn: () => getChallenges(filters),
    // The current cards stay on screen while the next filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useChallenges(filters: ChallengeFilters) {
  return useQuery(challengesQueryOptions(filters));
}
