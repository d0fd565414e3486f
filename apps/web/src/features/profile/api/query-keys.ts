import { AFTER_AN_AWARD } from '@/domain/award-queries.ts';
import { OWN_PROFILE_QUERY_KEY } from '@/lib/own-profile.ts';

/**
 * Keys of the /profile page. Data only this page shows lives under ['my-profile']; data other features
 * refresh after an award uses their prefixes (['badges'], ['challenges'], ['users', 'module-progress']), so
 * a lesson, quiz or challenge keeps these lists current without this feature being named. The profile itself
 * shares the session's key (one cached answer of `GET /api/users/profile/`).
 */
export const profileKeys = {
  all: ['my-profile'] as const,
  statistics: () => ['my-profile', 'statistics'] as const,
  certificates: () => ['my-profile', 'certificates'] as const,
  pointsHistory: (page: number) => ['my-profile', 'points-history', page] as const,
  rewardHistory: (page: number) => ['my-profile', 'reward-codes', page] as const,
  earnedBadges: (page: number) => ['badges', 'earned', page] as const,
  lockedBadges: (page: number) => ['badges', 'locked', page] as const,
  challengeHistory: (page: number, pageSize: number) => ['challenges', 'history', { page, pageSize }] as const,
  moduleProgress: (page: number, pageSize: number) => ['users', 'module-progress', { page, pageSize }] as const,
};

/**
 * What a redeemed reward code changes (R8): points and streak in the navbar, the dashboard, badges
 * earned for it, its notification, the leaderboard, and this page's own figures; an upgrade code also the
 * premium locks of courses, modules and challenges, and the subscription page.
 */
export const AFFECTED_BY_REWARD_CODE = [
  ...AFTER_AN_AWARD,
  OWN_PROFILE_QUERY_KEY,
  ['learning'],
  ['challenges'],
  ['subscription'],
] as const;
