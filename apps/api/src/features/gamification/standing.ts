import { users } from '@bastion/db';

/** A learner's points and the columns their visible streak is computed from (`currentStreak`). */
export const standingColumns = {
  points: users.points,
  streak: users.streak,
  longestStreak: users.longestStreak,
  lastActiveDay: users.lastActiveDay,
  timezone: users.timezone,
};
