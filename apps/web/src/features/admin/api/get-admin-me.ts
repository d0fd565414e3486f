import type { AdminMe } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/me/: 200 for staff with two-factor sign-in on, 403 otherwise (read from the database). */
export async function getAdminMe(): Promise<AdminMe> {
  const { data } = await api.get<AdminMe>('/api/admin/me/');
  return data;
}

export function useAdminMe() {
  return useQuery(queryOptions({ queryKey: adminKeys.me(), queryFn: getAdminMe, retry: false, staleTime: 0 }));
}
