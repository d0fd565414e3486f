import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { challengeKeys } from './query-keys.ts';

/** `GET /api/challenges/categories/`: the categories there are challenges in, for the category filter. */
export async function getChallengeCategories(): Promise<string[]> {
  const { data } = await api.get<string[]>('/api/challenges/categories/');
  return data;
}

export function useChallengeCategories() {
  return useQuery({ queryKey: challengeKeys.categories(), queryFn: getChallengeCategories, staleTime: 5 * 60_000 });
}
