import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { CompletedCourse, CompletedModule } from '@bastion/contract';

/**
 * R13 public completion records (`completed_module`, `completed_course`: the certificate).
 * Public: sent without the bearer token, so a stale session never gets in the way of a shared link. */
export async function getModuleCompletion(id: string): Promise<CompletedModule> {
  const { data } = await api.get<CompletedModule>(`/api/courses/completed_module/${encodeURIComponent(id)}/`, {
    skipAuth: true,
  });
  return data;
}

export async function getCourseCompletion(id: string): Promise<CompletedCourse> {
  const { data } = await api.get<CompletedCourse>(`/api/courses/completed_course/${encodeURIComponent(id)}/`, {
    skipAuth: true,
  });
  return data;
}

export const completionKeys = {
  module: (id: string) => ['completion', 'module', id] as const,
  course: (id: string) => ['completion', 'course', id] as const,
};

export function moduleCompletionQueryOptions(id: string) {
  return queryOptions({ queryKey: completionKeys.module(id), queryFn: () => getModuleCompletion(id) });
}

export function courseCompletionQueryOptions(id: string) {
  return queryOptions({ queryKey: completionKeys.course(id), queryFn: () => getCourseCompletion(id) });
}

export function useModuleCompletion(id: string) {
  return useQuery(moduleCompletionQueryOptions(id));
}

export function useCourseCompletion(id: string) {
  return useQuery(courseCompletionQueryOptions(id));
}
