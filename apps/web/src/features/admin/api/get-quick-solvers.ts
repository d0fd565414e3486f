import type { Paged, QuickSolver } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const QUICK_SOLVERS_PAGE_SIZE = 25;

/** GET /api/admin/quick-solves/: learners who solved lab items faster than the labs could be worked. */
export async function getQuickSolvers(page: number): Promise<Paged<QuickSolver>> {
  const { data } = await api.get<Paged<QuickSolver>>('/api/admin/quick-solves/', {
    params: { page, page_size: QUICK_SOLVERS_PAGE_SIZE },
  });
  return data;
}

export function useQuickSolvers(page: number) {
  return useQuery({
    queryKey: adminKeys.quickSolvers(page),
    queryFn: () => getQuickSolvers(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
