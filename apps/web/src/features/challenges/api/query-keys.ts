import { AFTER_AN_AWARD } from '@/domain/award-queries.ts';
import type { ChallengeFilters } from '../lib/challenge-filters.ts';

/** Every challenge query lives under ['challenges'], so one invalidation refreshes lists, steps and progress. */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: (filters: ChallengeFilters) => ['challenges', 'list', filters] as const,
  categories: () => ['challenges', 'categories'] as const,
  detail: (id: string) => ['challenges', 'detail', id] as const,
  content: (id: string) => ['challenges', 'content', id] as const,
  progress: (id: string) => ['challenges', 'progress', id] as const,
  writeup: (id: string) => ['challenges', 'writeup', id] as const,
  leaderboard: (id: string) => ['challenges', 'leaderboard', id] as const,
};

/** The public record is not the learner's own data: kept outside ['challenges'] so refreshes leave it alone. */
export const completionKey = (id: string) => ['challenge-completion', id] as const;

/** Data of other features that a solved step or a taken hint changes. */
export const AFFECTED_ELSEWHERE = AFTER_AN_AWARD;
