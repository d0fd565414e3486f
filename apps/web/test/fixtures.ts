import type { ModuleSummary, Paged } from '@bastion/contract';

/** The course and module the learning, profile and completion fixtures all speak of. */
export const COURSE_ID = '0f5a2d55-9a4d-4d3f-8a51-0a7a3c1b2c01';
export const MODULE_ID = '1c6b3e66-8b5e-4e40-9b62-1b8b4d2c3d02';
export const MODULE_COMPLETION_ID = '5a0f72aa-4f92-4284-bfa6-5fcf806a7106';
export const COURSE_COMPLETION_ID = '6b1083bb-3aa3-4395-80b7-60d0917b8207';

/** One page of a list answer holding all of `results`. */
export function paged<T>(results: T[], count = results.length): Paged<T> {
  return { count, next: null, previous: null, results };
}

/** The Shell, the first module of Linux Fundamentals, not yet enrolled in. */
export function module(overrides: Partial<ModuleSummary> = {}): ModuleSummary {
  return {
    id: MODULE_ID,
    slug: 'the-shell',
    title: 'The Shell',
    summary: 'Open a terminal and find your way around.',
    difficulty: 'easy',
    access: 'free',
    image: '/media/content/shell.svg',
    minutes: 65,
    order: 1,
    course: { id: COURSE_ID, slug: 'linux-fundamentals', title: 'Linux Fundamentals' },
    lessons_count: 2,
    quizzes_count: 1,
    points: 20,
    completion_bonus: 25,
    enrolled: false,
    progress: 0,
    completed: false,
    completion_id: null,
    locked: false,
    share_seen: false,
    ...overrides,
  };
}
