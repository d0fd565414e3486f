import { OWN_PROFILE_QUERY_KEY } from '@/lib/own-profile.ts';

/** The full own profile, shared with the session (which reads the username from the same answer). */
export const ownProfileKey = OWN_PROFILE_QUERY_KEY;

/**
 * Data of other features that shows the learner's name, country or photo: the navbar avatar, the
 * leaderboard rows and public profiles. Features do not import each other, so they are named here by
 * their query-key prefixes.
 */
export const AFFECTED_ELSEWHERE = [['navbar'], ['leaderboard'], ['public-profile']] as const;

/** `GET /api/users/2fa/`: whether two-factor sign-in is on, and how many recovery codes are left. */
export const twoFactorStatusKey = ['users', '2fa'] as const;

/** `GET /api/users/sessions/`: the learner's signed-in sessions. */
export const sessionsKey = ['users', 'sessions'] as const;
