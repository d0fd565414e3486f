import { POLLING, type ChallengeContent } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** R15: `GET /api/challenges/{id}/view-content/` → story, attachments and steps (403 when locked). */
export async function getChallengeContent(id: string): Promise<ChallengeContent> {
  const { data } = await api.get<ChallengeContent>(`/api/challenges/${encodeURIComponent(id)}/view-content/`);
  return data;
}

/** R9: challenge content is fresh for 30 s and kept for 1 h. */
export function challengeContentQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.content(id),
    queryFn: () => getChallengeContent(id),
    staleTime: POLLING.challengeContentStaleMs,
    gcTime: POLLING.challengeContentGcMs,
  });
}

export function useChallengeContent(id: string, { enabled = true } = {}) {
  return useQuery({ ...challengeContentQueryOptions(id), enabled });
}
