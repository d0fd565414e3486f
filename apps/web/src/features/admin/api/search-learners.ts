import type { LearnerRow, LearnerSort, Paged } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const LEARNERS_PAGE_SIZE = 25;

/** GET /api/admin/learners/?search=&sort=&page=: by username, email or name. */
export async function searchLearners(search: string, sort: LearnerSort, page: number): Promise<Paged<LearnerRow>> {
  const params = { ...(search.trim() ? { search } : {}), sort, page, page_size: LEARNERS_PAGE_SIZE };
  const { data } = await api.get<Paged<LearnerRow>>('/api/admin/learners/', { params });
  return data;
}

export function useLearnerSearch(search: string, sort: LearnerSort, page: number) {
  return useQuery({
    queryKey: adminKeys.learners({ search, sort, page }),
    queryFn: () => searchLearners(search, sort, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
