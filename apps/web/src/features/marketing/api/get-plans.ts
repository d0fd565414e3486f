import type { PublicPlans } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `GET /api/subscription/plans/` (public): the plans and prices the subscription page sells. */
export async function getPlans(): Promise<PublicPlans> {
  const { data } = await api.get<PublicPlans>('/api/subscription/plans/', { skipAuth: true });
  return data;
}

export const plansQueryOptions = () => queryOptions({ queryKey: ['marketing', 'plans'] as const, queryFn: getPlans });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
