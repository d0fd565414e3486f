import type { PublicPoints } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/** R12: `…/public/{username}/points/` → points, rank and streaks. */
export const getPublicPoints = (username: string) => getPublic<PublicPoints>(username, 'points');

export function publicPointsQueryOptions(username: string) {
  return queryOptions({
    queryKey: publicProfileKeys.section(username, 'points'),
    queryFn: () => getPublicPoints(username),
  });
}

export function usePublicPoints(username: string) {
  return useQuery(publicPointsQueryOptions(username));
}
