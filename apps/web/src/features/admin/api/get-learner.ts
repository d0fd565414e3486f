import type { LearnerDetail } from '@bastion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/learners/{id}/: profile, points, progress, sessions, two-factor state. */
export async function getLearner(id: string): Promise<LearnerDetail> {
  const { data } = await api.get<LearnerDetail>(`/api/admin/learners/${encodeURIComponent(id)}/`);
  return data;
}

export function useLearner(id: string) {
  return useQuery({ queryKey: adminKeys.learner(id), queryFn: () => getLearner(id), staleTime: 0 });
}
