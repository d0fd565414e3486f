import type { ModuleSummary, Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { moduleListParams, type ModuleFilters } from '../lib/module-filters.ts';
import { learningKeys } from './query-keys.ts';

/** R7: `GET /api/courses/module_list/?page=&difficulty=&course=&access=&search=` → a page of modules. */
export async function getModules(filters: ModuleFilters): Promise<Paged<ModuleSummary>> {
  const { data } = await api.get<Paged<ModuleSummary>>('/api/courses/module_list/', {
    params: moduleListParams(filters),
  });
  return data;
}

export function modulesQueryOptions(filters: ModuleFilters) {
  return queryOptions({
    queryKey: learningKeys.modules(filters),
    queryFn: () => getModules(filters),
    // The current page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useModules(filters: ModuleFilters) {
  return useQuery(modulesQueryOptions(filters));
}
