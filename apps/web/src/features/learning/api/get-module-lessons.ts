import type { ModuleLessons } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learningKeys } from './query-keys.ts';

/** R13: `GET /api/courses/module/{id}/lessons/` → `{module, items}` in order. */
export async function getModuleLessons(moduleId: string): Promise<ModuleLessons> {
  const { data } = await api.get<ModuleLessons>(`/api/courses/module/${encodeURIComponent(moduleId)}/lessons/`);
  return data;
}

export function moduleLessonsQueryOptions(moduleId: string) {
  return queryOptions({ queryKey: learningKeys.lessons(moduleId), queryFn: () => getModuleLessons(moduleId) });
}

export function useModuleLessons(moduleId: string) {
  return useQuery(moduleLessonsQueryOptions(moduleId));
}
