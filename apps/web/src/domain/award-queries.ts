// Decision 0091: every points award refreshes the learning queries named here.
/**
 * Query-key prefixes of everything an award of points changes (a lesson, a quiz, a challenge step, a
 * reward code): points and streak in the navbar, the dashboard, badges earned on the way, their
 * notifications, the leaderboard and the figures on /profile. Features name their queries under these
 * prefixes so that one list, here, refreshes them all.
 */
export const AFTER_AN_AWARD = [
  ['navbar'],
  ['dashboard'],
  ['badges'],
  ['notifications'],
  ['leaderboard'],
  ['my-profile'],
] as const;
