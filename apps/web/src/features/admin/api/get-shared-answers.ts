import type { Paged, SharedAnswer } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const SHARED_ANSWERS_PAGE_SIZE = 25;

/** GET /api/admin/shared-answers/: answers that were another learner's lab secret, newest first. */
export async function getSharedAnswers(page: number): Promise<Paged<SharedAnswer>> {
  const { data } = await api.get<Paged<SharedAnswer>>('/api/admin/shared-answers/', {
    params: { page, page_size: SHARED_ANSWERS_PAGE_SIZE },
  });
  return data;
}

export function useSharedAnswers(page: number) {
  return useQuery({
    queryKey: adminKeys.sharedAnswers(page),
    queryFn: () => getSharedAnswers(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
