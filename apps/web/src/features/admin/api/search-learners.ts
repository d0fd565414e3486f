import type { LearnerRole, LearnerRow, LearnerSort, LearnerState, Paged } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { saveCsvFrom } from '../lib/csv.ts';
import { adminKeys } from './query-keys.ts';

export const LEARNERS_PAGE_SIZE = 25;

export interface LearnerSearch {
  search: string;
  sort: LearnerSort;
  /** Learners (not staff), staff, or everyone. */
  role: LearnerRole;
  /** Only accounts in this state; undefined: any. */
  state?: LearnerState;
}

function learnerParams({ search, role, state }: LearnerSearch) {
  return { ...(search.trim() ? { search } : {}), role, ...(state ? { state } : {}) };
}

/** GET /api/admin/learners/?search=&sort=&role=&state=&page=: by username, email or name. */
export async function searchLearners(query: LearnerSearch, page: number): Promise<Paged<LearnerRow>> {
  const params = { ...learnerParams(query), sort: query.sort, page, page_size: LEARNERS_PAGE_SIZE };
  const { data } = await api.get<Paged<LearnerRow>>('/api/admin/learners/', { params });
  return data;
}

export function useLearnerSearch(query: LearnerSearch, page: number) {
  return useQuery({
    queryKey: adminKeys.learners({ ...query, state: query.state ?? '', page }),
    queryFn: () => searchLearners(query, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/learners/export/: every account the search, role and state match, as CSV. Audited. */
export function exportLearners(query: LearnerSearch): Promise<void> {
  return saveCsvFrom('/api/admin/learners/export/', learnerParams(query), 'learners.csv');
}
