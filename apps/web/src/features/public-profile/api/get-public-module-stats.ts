import type { Paged, PublicModuleStat } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/** R12: `…/public/{username}/module-stats/?page=` → a page of module progress. */
export const getPublicModuleStats = (username: string, page: number) =>
  getPublic<Paged<PublicModuleStat>>(username, 'module-stats', page);

export function publicModuleStatsQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: publicProfileKeys.section(username, 'module_stats', page),
    queryFn: () => getPublicModuleStats(username, page),
    placeholderData: keepPreviousData,
  });
}

export function usePublicModuleStats(username: string, page: number) {
  return useQuery(publicModuleStatsQueryOptions(username, page));
}
