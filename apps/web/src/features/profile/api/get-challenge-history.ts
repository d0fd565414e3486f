import { PAGING, type ChallengeHistoryItem, type Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R7 and R9: `GET /api/challenges/history/?page=&page_size=`, page 1 and size 10 by default. */
export async function getChallengeHistory(
  page: number = PAGING.defaultPage,
  pageSize: number = PAGING.defaultPageSize,
): Promise<Paged<ChallengeHistoryItem>> {
  const { data } = await api.get<Paged<ChallengeHistoryItem>>('/api/challenges/history/', {
    params: { page, page_size: pageSize },
  });
  return data;
}

export function challengeHistoryQueryOptions(page: number, pageSize: number = PAGING.defaultPageSize) {
  return queryOptions({
    queryKey: profileKeys.challengeHistory(page, pageSize),
    queryFn: () => getChallengeHistory(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useChallengeHistory(page: number, pageSize?: number) {
  return useQuery(challengeHistoryQueryOptions(page, pageSize));
}
