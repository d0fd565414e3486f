import type { TwoFactorStatus } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { twoFactorStatusKey } from './query-keys.ts';

/** `GET /api/users/2fa/` → `{enabled, recovery_codes_left, required}`. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  const { data } = await api.get<TwoFactorStatus>('/api/users/2fa/');
  return data;
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: twoFactorStatusKey, queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
