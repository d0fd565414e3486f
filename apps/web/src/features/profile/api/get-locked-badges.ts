import type { LockedBadge, Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R14: `GET /api/badges/locked/?page=` → a page of badges still to earn, each with `current` and `target`. */
export async function getLockedBadges(page: number): Promise<Paged<LockedBadge>> {
  const { data } = await api.get<Paged<LockedBadge>>('/api/badges/locked/', { params: { page } });
  return data;
}

export function lockedBadgesQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.lockedBadges(page),
    queryFn: () => getLockedBadges(page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useLockedBadges(page: number) {
  return useQuery(lockedBadgesQueryOptions(page));
}
