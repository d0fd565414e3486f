import type { LeaderboardResponse } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { LeaderboardParams } from '../lib/leaderboard-params.ts';
import { leaderboardKeys } from './query-keys.ts';

/** R14: `GET /api/leaderboard/?period=all|month|week&page=` → a page of the board and the caller's standing. */
export async function getLeaderboard({ period, page }: LeaderboardParams): Promise<LeaderboardResponse> {
  const { data } = await api.get<LeaderboardResponse>('/api/leaderboard/', {
    params: { period, page: String(page) },
  });
  return data;
}

export function leaderboardQueryOptions(params: LeaderboardParams) {
  return queryOptions({
    queryKey: leaderboardKeys.board(params),
    queryFn: () => getLeaderboard(params),
    // The current page stays on screen while the next page of the same period loads; another period's
    // ranks would be misleading, so a period change shows the loading state instead.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === params.period ? keepPreviousData(previous) : undefined,
  });
}

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery(leaderboardQueryOptions(params));
}
