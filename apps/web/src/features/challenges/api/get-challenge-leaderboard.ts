import { POLLING, type ChallengeLeaderboard } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** R15: `GET /api/challenges/{id}/leaderboard/` → `{results, total_solves}`, points desc then time taken. */
export async function getChallengeLeaderboard(id: string): Promise<ChallengeLeaderboard> {
  const { data } = await api.get<ChallengeLeaderboard>(`/api/challenges/${encodeURIComponent(id)}/leaderboard/`);
  return data;
}

/** R9: the challenge leaderboard polls every 30 s and is fresh for 15 s. */
export function challengeLeaderboardQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.leaderboard(id),
    queryFn: () => getChallengeLeaderboard(id),
    refetchInterval: POLLING.challengeLeaderboardMs,
    staleTime: POLLING.challengeLeaderboardStaleMs,
  });
}

export function useChallengeLeaderboard(id: string) {
  return useQuery(challengeLeaderboardQueryOptions(id));
}
