import { PAGING, type ModuleProgressItem, type Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R7 and R9: `GET /api/users/module-progress/?page=&page_size=`, page 1 and size 10 by default. */
export async function getModuleProgress(
  page: number = PAGING.defaultPage,
  pageSize: number = PAGING.defaultPageSize,
): Promise<Paged<ModuleProgressItem>> {
  const { data } = await api.get<Paged<ModuleProgressItem>>('/api/users/module-progress/', {
    params: { page, page_size: pageSize },
  });
  return data;
}

export function moduleProgressQueryOptions(page: number, pageSize: number = PAGING.defaultPageSize) {
  return queryOptions({
    queryKey: profileKeys.moduleProgress(page, pageSize),
    queryFn: () => getModuleProgress(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useModuleProgress(page: number, pageSize?: number) {
  return useQuery(moduleProgressQueryOptions(page, pageSize));
}
