import type { ChallengeWriteup } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** `GET /api/challenges/{id}/writeup/` → each step's answer, reasoning and commands; 403 until completed. */
export async function getChallengeWriteup(id: string): Promise<ChallengeWriteup> {
  const { data } = await api.get<ChallengeWriteup>(`/api/challenges/${encodeURIComponent(id)}/writeup/`);
  return data;
}

export function challengeWriteupQueryOptions(id: string) {
  return queryOptions({ queryKey: challengeKeys.writeup(id), queryFn: () => getChallengeWriteup(id) });
}

/** Asked for only once the challenge is completed (the server refuses it before). */
export function useChallengeWriteup(id: string, { enabled = true } = {}) {
  return useQuery({ ...challengeWriteupQueryOptions(id), enabled });
}
