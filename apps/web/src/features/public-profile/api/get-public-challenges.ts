import type { PublicChallenge } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/** R12: `…/public/{username}/challenges/` → the completed challenges (a plain list). */
export const getPublicChallenges = (username: string) => getPublic<PublicChallenge[]>(username, 'challenges');

export function publicChallengesQueryOptions(username: string) {
  return queryOptions({
    queryKey: publicProfileKeys.section(username, 'challenges'),
    queryFn: () => getPublicChallenges(username),
  });
}

export function usePublicChallenges(username: string) {
  return useQuery(publicChallengesQueryOptions(username));
}
