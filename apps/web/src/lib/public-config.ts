import type { PublicConfig } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** `GET /api/config/` (public): the captcha, whether payments are on, the support address, community links. */
export async function getPublicConfig(): Promise<PublicConfig> {
  const { data } = await api.get<PublicConfig>('/api/config/', { skipAuth: true });
  return data;
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'] as const, queryFn: getPublicConfig, staleTime: Number.POSITIVE_INFINITY });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
