import type { CourseSummary } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learningKeys } from './query-keys.ts';

/** R13: `GET /api/courses/course_list/` → every course with the learner's state. */
export async function getCourses(): Promise<CourseSummary[]> {
  const { data } = await api.get<CourseSummary[]>('/api/courses/course_list/');
  return data;
}

export function coursesQueryOptions() {
  return queryOptions({ queryKey: learningKeys.courses(), queryFn: getCourses });
}

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
