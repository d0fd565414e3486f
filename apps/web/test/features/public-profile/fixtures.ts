import type {
  PublicBadge,
  PublicChallenge,
  PublicModuleStat,
  PublicPoints,
  PublicProfile,
  PublicStatistics,
} from '@bastion/contract';

export const CHALLENGE_COMPLETION_ID = 'c0c0c0c0-1111-4222-8333-444444444444';
export const MODULE_COMPLETION_ID = 'd0d0d0d0-1111-4222-8333-444444444444';

export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    photo: '/media/avatars/ada.webp',
    country: 'GB',
    bio: 'Poet of numbers.',
    date_joined: '2026-01-05T10:00:00Z',
    rank: 3,
    sections: ['points', 'badges', 'challenges', 'module_stats', 'statistics'],
    ...overrides,
  };
}

export const POINTS: PublicPoints = { points: 1234, rank: 3, streak: 4, longest_streak: 9 };

export function badge(overrides: Partial<PublicBadge> = {}): PublicBadge {
  return {
    id: 'b0b0b0b0-1111-4222-8333-444444444444',
    slug: 'first-steps',
    name: 'First Steps',
    description: 'Complete your first lesson.',
    image: '/media/badges/first-steps.svg',
    points: 10,
    earned_at: '2026-02-01T08:00:00Z',
    ...overrides,
  };
}

export { paged } from '@test/fixtures.ts';

export const CHALLENGES: PublicChallenge[] = [
  {
    id: CHALLENGE_COMPLETION_ID,
    challenge: {
      id: 'e0e0e0e0-1111-4222-8333-444444444444',
      slug: 'log-hunt',
      title: 'Log Hunt',
      category: 'smart-contracts',
      difficulty: 'medium',
    },
    completed_at: '2026-03-10T12:00:00Z',
    points_earned: 150,
    first_blood: true,
  },
];

export const MODULE_STATS: PublicModuleStat[] = [
  {
    module: {
      id: 'f0f0f0f0-1111-4222-8333-444444444444',
      slug: 'the-shell',
      title: 'The Shell',
      difficulty: 'easy',
      course: { id: 'a0a0a0a0-1111-4222-8333-444444444444', slug: 'linux', title: 'Linux Fundamentals' },
    },
    progress: 100,
    completed: true,
    completed_at: '2026-03-14T09:26:00Z',
    completion_id: MODULE_COMPLETION_ID,
  },
  {
    module: {
      id: 'f1f1f1f1-1111-4222-8333-444444444444',
      slug: 'permissions',
      title: 'Permissions',
      difficulty: 'medium',
      course: { id: 'a0a0a0a0-1111-4222-8333-444444444444', slug: 'linux', title: 'Linux Fundamentals' },
    },
    progress: 40,
    completed: false,
    completed_at: null,
    completion_id: null,
  },
];

export const STATISTICS: PublicStatistics = {
  streak: { current: 4, longest: 9 },
  counts: {
    lessons_completed: 12,
    quizzes_solved: 7,
    modules_completed: 1,
    courses_completed: 0,
    challenges_completed: 1,
    badges_earned: 2,
  },
  activity: Array.from({ length: 365 }, (_, index) => ({
    date: new Date(Date.UTC(2025, 2, 17 + index)).toISOString().slice(0, 10),
    points: index % 9 === 0 ? 20 : 0,
  })),
  active_days: 41,
};
