import type { LearnerRole, LearnerRow, LearnerSort, Paged } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const LEARNERS_PAGE_SIZE = 25;

export interface LearnerSearch {
  search: string;
  sort: LearnerSort;
  /** Learners (not staff), staff, or everyone. */
  role: LearnerRole;
}

/** GET /api/admin/learners/?search=&sort=&role=&page=: by username, email or name. */
export async function searchLearners({ search, sort, role }: LearnerSearch, page: number): Promise<Paged<LearnerRow>> {
  const params = { ...(search.trim() ? { search } : {}), sort, role, page, page_size: LEARNERS_PAGE_SIZE };
  const { data } = await api.get<Paged<LearnerRow>>('/api/admin/learners/', { params });
  return data;
}

export function useLearnerSearch(query: LearnerSearch, page: number) {
  return useQuery({
    queryKey: adminKeys.learners({ ...query, page }),
    queryFn: () => searchLearners(query, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
