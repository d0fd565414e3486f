import type { UnseenBadge } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { badgeKeys } from './query-keys.ts';

/** R14: `GET /api/badges/unseen/` → badges earned and not yet collected. */
export async function getUnseenBadges(): Promise<UnseenBadge[]> {
  const { data } = await api.get<UnseenBadge[]>('/api/badges/unseen/');
  return data;
}

/**
 * Always fetched when the shell mounts (a sign-in mounts it, so R4's refresh after sign-in holds) and
 * whenever an action invalidates ['badges'].
 */
export function unseenBadgesQueryOptions() {
  return queryOptions({ queryKey: badgeKeys.unseen(), queryFn: getUnseenBadges, staleTime: 0 });
}

export function useUnseenBadges() {
  return useQuery(unseenBadgesQueryOptions());
}
