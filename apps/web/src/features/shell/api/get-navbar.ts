import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NavbarData } from '@bastion/contract';
import { api } from '@/lib/api-client.ts';

/** R7: GET api/navbar/ — photo, premium flag, points and streak for the signed-in shell. */
export async function getNavbar(): Promise<NavbarData> {
  const { data } = await api.get<NavbarData>('/api/navbar/');
  return data;
}

export const navbarQueryKey = ['navbar'] as const;

/**
 * R9: the navbar is the one query refetched when the window regains focus: every time, even while
 * its data is within the default 5 minutes of freshness, so points earned in another tab show up.
 */
export function navbarQueryOptions() {
  return queryOptions({ queryKey: navbarQueryKey, queryFn: getNavbar, refetchOnWindowFocus: 'always' });
}

export function useNavbar() {
  return useQuery(navbarQueryOptions());
}
