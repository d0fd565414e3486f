import type { Profile } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** Contract §3: `GET /api/users/profile/` → the learner's own account, with the public-profile settings. */
export async function getProfile(): Promise<Profile> {
  const { data } = await api.get<Profile>('/api/users/profile/');
  return data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.account(), queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
