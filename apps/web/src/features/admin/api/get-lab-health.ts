import type { LabHealth, LabStartKind } from '@bastion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/admin/labs/?days=&kind=: lab starts over the last 7, 30 or 90 days, of one kind or all. */
export async function getLabHealth(days: number, kind: LabStartKind | null): Promise<LabHealth> {
  const { data } = await api.get<LabHealth>('/api/admin/labs/', { params: { days, ...(kind ? { kind } : {}) } });
  return data;
}

export function useLabHealth(days: number, kind: LabStartKind | null) {
  return useQuery({
    queryKey: ['admin', 'labs', days, kind ?? 'all'],
    queryFn: () => getLabHealth(days, kind),
    staleTime: 60_000,
  });
}
