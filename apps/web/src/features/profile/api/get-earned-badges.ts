import type { EarnedBadge, Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R14: `GET /api/badges/earned/?page=` → a page of the badges the learner has. */
export async function getEarnedBadges(page: number): Promise<Paged<EarnedBadge>> {
  const { data } = await api.get<Paged<EarnedBadge>>('/api/badges/earned/', { params: { page } });
  return data;
}

export function earnedBadgesQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.earnedBadges(page),
    queryFn: () => getEarnedBadges(page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useEarnedBadges(page: number) {
  return useQuery(earnedBadgesQueryOptions(page));
}
