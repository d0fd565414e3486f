import type { Paged, PublicBadge } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/** R12: `…/public/{username}/badges/?page=` → a page of earned badges. */
export const getPublicBadges = (username: string, page: number) =>
  getPublic<Paged<PublicBadge>>(username, 'badges', page);

export function publicBadgesQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: publicProfileKeys.section(username, 'badges', page),
    queryFn: () => getPublicBadges(username, page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function usePublicBadges(username: string, page: number) {
  return useQuery(publicBadgesQueryOptions(username, page));
}
