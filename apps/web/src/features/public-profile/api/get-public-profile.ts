import type { PublicProfile } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublic } from './public-request.ts';
import { publicProfileKeys } from './query-keys.ts';

/**
 * R12: `GET /api/users/profile/public/{username}/` → the basic card and the sections shown.
 * Unknown, private and hidden all answer the same 404.
 */
export const getPublicProfile = (username: string) => getPublic<PublicProfile>(username);

export function publicProfileQueryOptions(username: string) {
  return queryOptions({ queryKey: publicProfileKeys.profile(username), queryFn: () => getPublicProfile(username) });
}

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
