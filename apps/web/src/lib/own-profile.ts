import type { Profile } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** One cache entry for the learner's own profile: /profile, /edit-profile and the session read it. */
export const OWN_PROFILE_QUERY_KEY = ['users', 'profile'] as const;

/** R12: `GET /api/users/profile/` → the learner's own profile with the public-profile settings. */
export async function getOwnProfile(): Promise<Profile> {
  const { data } = await api.get<Profile>('/api/users/profile/');
  return data;
}

export function ownProfileQueryOptions() {
  return queryOptions({ queryKey: OWN_PROFILE_QUERY_KEY, queryFn: getOwnProfile });
}

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions());
}
