import type { ChallengeProgress } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** R15: `GET /api/challenges/{id}/progress/` → the learner's run: steps, points, hints, rank. */
export async function getChallengeProgress(id: string): Promise<ChallengeProgress> {
  const { data } = await api.get<ChallengeProgress>(`/api/challenges/${encodeURIComponent(id)}/progress/`);
  return data;
}

export function challengeProgressQueryOptions(id: string) {
  return queryOptions({ queryKey: challengeKeys.progress(id), queryFn: () => getChallengeProgress(id) });
}

export function useChallengeProgress(id: string, { enabled = true } = {}) {
  return useQuery({ ...challengeProgressQueryOptions(id), enabled });
}
