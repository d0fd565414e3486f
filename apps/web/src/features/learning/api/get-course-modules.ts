import type { CourseModules } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learningKeys } from './query-keys.ts';

/** R13: `GET /api/courses/course/{id}/modules/` → `{course, modules}`. */
export async function getCourseModules(courseId: string): Promise<CourseModules> {
  const { data } = await api.get<CourseModules>(`/api/courses/course/${encodeURIComponent(courseId)}/modules/`);
  return data;
}

export function courseModulesQueryOptions(courseId: string) {
  return queryOptions({ queryKey: learningKeys.courseModules(courseId), queryFn: () => getCourseModules(courseId) });
}

export function useCourseModules(courseId: string) {
  return useQuery(courseModulesQueryOptions(courseId));
}
