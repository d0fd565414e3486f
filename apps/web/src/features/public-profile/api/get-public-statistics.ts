import type { PublicStatistics } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/** R12: `…/public/{username}/statistics/` → counts, streaks and a year of daily points. */
export const getPublicStatistics = (username: string) => getPublic<PublicStatistics>(username, 'statistics');

export function publicStatisticsQueryOptions(username: string) {
  return queryOptions({
    queryKey: publicProfileKeys.section(username, 'statistics'),
    queryFn: () => getPublicStatistics(username),
  });
}

export function usePublicStatistics(username: string) {
  return useQuery(publicStatisticsQueryOptions(username));
}
