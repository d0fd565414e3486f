import type { SubmissionsPage } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export interface SubmissionFilters {
  learner: string;
  item: string;
  result: string;
  fingerprint: string;
  from: string;
  to: string;
}

export const SUBMISSIONS_PAGE_SIZE = 25;

/** The filters the query string carries: empty ones are left out. */
export const submissionParams = (filters: SubmissionFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));

/** GET /api/admin/submissions/: every judged answer, newest first, filtered, paged. */
export async function getSubmissions(filters: SubmissionFilters, page: number): Promise<SubmissionsPage> {
  const { data } = await api.get<SubmissionsPage>('/api/admin/submissions/', {
    params: { ...submissionParams(filters), page, page_size: SUBMISSIONS_PAGE_SIZE },
  });
  return data;
}

export function useSubmissions(filters: SubmissionFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.submissions({ ...filters, page }),
    queryFn: () => getSubmissions(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
