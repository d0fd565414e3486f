import type { PointsHistoryItem, Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R14: `GET /api/points/pointshistory/?page=` → a page of the points ledger, newest first. */
export async function getPointsHistory(page: number): Promise<Paged<PointsHistoryItem>> {
  const { data } = await api.get<Paged<PointsHistoryItem>>('/api/points/pointshistory/', { params: { page } });
  return data;
}

export function pointsHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.pointsHistory(page),
    queryFn: () => getPointsHistory(page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function usePointsHistory(page: number) {
  return useQuery(pointsHistoryQueryOptions(page));
}
