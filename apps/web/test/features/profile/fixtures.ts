import type {
  CertificateItem,
  ChallengeHistoryItem,
  CouponHistoryItem,
  EarnedBadge,
  LockedBadge,
  ModuleProgressItem,
  PointsHistoryItem,
  Profile,
  UserStatistics,
} from '@bastion/contract';
import { activity } from '@test/activity.ts';
import { COURSE_COMPLETION_ID, COURSE_ID, module } from '@test/fixtures.ts';

export {
  COURSE_COMPLETION_ID as CERTIFICATE_ID,
  COURSE_ID,
  MODULE_COMPLETION_ID,
  MODULE_ID,
  paged,
} from '@test/fixtures.ts';

export const USER_ID = '0a0a0a0a-1111-4222-8333-444444444444';
export const CHALLENGE_ID = '7e7e7e7e-1111-4222-8333-555555555555';
export const ATTEMPT_ID = '8f8f8f8f-1111-4222-8333-666666666666';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: USER_ID,
    username: 'ada',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'GB',
    bio: 'Analyst in training.',
    photo: null,
    is_premium: true,
    premium_until: '2027-01-01T00:00:00Z',
    points: 340,
    streak: 8,
    longest_streak: 12,
    rank: 4,
    date_joined: '2025-03-14T10:00:00Z',
    timezone: 'UTC',
    public_profile: {
      is_public: true,
      show_points: true,
      show_badges: true,
      show_challenges: true,
      show_module_stats: true,
      show_statistics: true,
    },
    ...overrides,
  };
}

/** 365 days ending 2026-03-14 (a Saturday), with points on the days given. */
export function statistics(overrides: Partial<UserStatistics> = {}): UserStatistics {
  return {
    points: 340,
    rank: 4,
    streak: { current: 8, longest: 12 },
    counts: {
      lessons_completed: 21,
      quizzes_solved: 9,
      modules_completed: 3,
      courses_completed: 1,
      challenges_completed: 2,
      badges_earned: 5,
    },
    activity: activity({ '2026-03-12': 5, '2026-03-13': 45, '2026-03-14': 120 }),
    active_days: 3,
    ...overrides,
  };
}

const rule = { kind: 'lessons_completed' as const, threshold: 10 };

export function earnedBadge(overrides: Partial<EarnedBadge> = {}): EarnedBadge {
  return {
    id: '9a9a9a9a-1111-4222-8333-000000000001',
    slug: 'first-steps',
    name: 'First Steps',
    description: 'Complete your first lesson.',
    image: '/media/badges/first-steps.svg',
    points: 10,
    rule,
    earned_at: '2026-03-01T09:00:00Z',
    ...overrides,
  };
}

export function lockedBadge(overrides: Partial<LockedBadge> = {}): LockedBadge {
  return {
    id: '9a9a9a9a-1111-4222-8333-000000000002',
    slug: 'bookworm',
    name: 'Bookworm',
    description: 'Complete 50 lessons.',
    image: null,
    points: 50,
    rule: { kind: 'lessons_completed', threshold: 50 },
    current: 21,
    target: 50,
    ...overrides,
  };
}

export function certificate(overrides: Partial<CertificateItem> = {}): CertificateItem {
  return {
    id: COURSE_COMPLETION_ID,
    serial: 'BST-2026-4F7K-9QX2',
    course: { id: COURSE_ID, title: 'Linux Fundamentals' },
    completed_at: '2026-02-20T12:00:00Z',
    points_earned: 250,
    verification_url: `http://localhost:8000/completion/course/${COURSE_COMPLETION_ID}`,
    ...overrides,
  };
}

export function pointsRow(overrides: Partial<PointsHistoryItem> = {}): PointsHistoryItem {
  return {
    id: '3b3b3b3b-1111-4222-8333-000000000001',
    points: 10,
    reason: 'Quiz solved: Who am I?',
    source_type: 'quiz',
    created_at: '2026-03-14T08:30:00Z',
    ...overrides,
  };
}

export function challengeAttempt(overrides: Partial<ChallengeHistoryItem> = {}): ChallengeHistoryItem {
  return {
    id: ATTEMPT_ID,
    challenge: { id: CHALLENGE_ID, title: 'Log Detective', category: 'forensics', difficulty: 'medium', points: 60 },
    status: 'completed',
    started_at: '2026-03-10T10:00:00Z',
    completed_at: '2026-03-10T10:42:00Z',
    points_earned: 55,
    hints_used: 1,
    first_blood: false,
    time_taken_seconds: 2520,
    ...overrides,
  };
}

export function moduleProgress(overrides: Partial<ModuleProgressItem> = {}): ModuleProgressItem {
  return {
    module: module({ image: null, enrolled: true, progress: 60 }),
    progress: 60,
    completed: false,
    completed_at: null,
    completion_id: null,
    last_activity: '2026-03-13T18:00:00Z',
    ...overrides,
  };
}

export function redemption(overrides: Partial<CouponHistoryItem> = {}): CouponHistoryItem {
  return { code: 'WELCOME50', points: 50, redeemed_at: '2026-03-02T15:00:00Z', ...overrides };
}
