import type { UserStatistics } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R14: `GET /api/userstatistics/` → points, rank, streak, counts and 365 days of activity. */
export async function getStatistics(): Promise<UserStatistics> {
  const { data } = await api.get<UserStatistics>('/api/userstatistics/');
  return data;
}

export function statisticsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.statistics(), queryFn: getStatistics });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
