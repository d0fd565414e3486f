import type { Overview } from '@bastion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/admin/overview/?days=: the platform's figures over the last 7, 30 or 90 days. */
export async function getOverview(days: number): Promise<Overview> {
  const { data } = await api.get<Overview>('/api/admin/overview/', { params: { days } });
  return data;
}

export function useOverview(days: number) {
  return useQuery({ queryKey: ['admin', 'overview', days], queryFn: () => getOverview(days), staleTime: 60_000 });
}
