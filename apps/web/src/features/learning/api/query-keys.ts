import { AFTER_AN_AWARD } from '@/domain/award-queries.ts';
import type { ModuleFilters } from '../lib/module-filters.ts';

/** Every learning query lives under ['learning'], so one invalidation refreshes courses, modules and lessons. */
export const learningKeys = {
  all: ['learning'] as const,
  courses: () => ['learning', 'courses'] as const,
  courseModules: (courseId: string) => ['learning', 'course-modules', courseId] as const,
  modules: (filters: ModuleFilters) => ['learning', 'modules', filters] as const,
  lessons: (moduleId: string) => ['learning', 'lessons', moduleId] as const,
};

/** Terminal content never changes with progress: kept outside ['learning'] so refreshes leave it alone. */
export const terminalKey = (quizId: string) => ['learning-terminal', quizId] as const;

/**
 * Data of other features that a learning action changes: points and streak (navbar), the dashboard,
 * badges earned on the way, completion notifications and module progress. Features do not import each
 * other, so they are named here by their query-key prefixes.
 */
export const AFFECTED_ELSEWHERE = [...AFTER_AN_AWARD, ['users', 'module-progress']] as const;
