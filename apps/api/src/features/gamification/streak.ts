// Decision 0047: streaks count days in the learner's local day.
/** Streak days that create a "streak milestone" notification. */
export const STREAK_MILESTONES = [3, 7, 15, 30, 50, 100, 200, 365] as const;

const DAY_MS = 86_400_000;

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (about 0.1 ms against a few µs),
 * and every navbar and leaderboard row needs a local day: keep one formatter per zone (bounded; unknown
 * zones are never stored).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= 1_000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

function formatDay(now: Date, timeZone: string): string {
  try {
    return dayFormat(timeZone).format(now);
  } catch {
    return dayFormat('UTC').format(now);
  }
}

/**
 * Every zone's offset is a whole number of minutes, so a local day can only change on a minute boundary:
 * the day found for a zone holds for the rest of that minute (25 leaderboard rows, one format).
 */
const dayOfMinute = new Map<string, { minute: number; day: string; yesterday: string }>();

function localDays(now: Date, timeZone: string): { day: string; yesterday: string } {
  const minute = Math.floor(now.getTime() / 60_000);
  const known = dayOfMinute.get(timeZone);
  if (known && known.minute === minute) return known;
  const day = formatDay(now, timeZone);
  const entry = { minute, day, yesterday: addDays(day, -1) };
  if (dayOfMinute.size >= 1_000) dayOfMinute.clear();
  dayOfMinute.set(timeZone, entry);
  return entry;
}

/** YYYY-MM-DD of `now` in the IANA zone (UTC when the stored zone is somehow unknown). */
export function localDay(now: Date, timeZone: string): string {
  return localDays(now, timeZone).day;
}

/** The calendar day `offset` days from `day` (both YYYY-MM-DD). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

export interface StreakState {
  streak: number;
  longestStreak: number;
  lastActiveDay: string | null;
}

/**
 * The stored streak after an award on local day `today`: the same day leaves it, the day after the
 * last active one extends it, anything else starts a new run of 1. A last active day after `today`
 * (the learner moved to a zone behind the old one) counts as the same day.
 */
export function extendStreak(state: StreakState, today: string): StreakState & { changed: boolean } {
  const last = state.lastActiveDay;
  if (last !== null && last >= today && state.streak > 0) return { ...state, changed: false };
  const streak = last !== null && last === addDays(today, -1) && state.streak > 0 ? state.streak + 1 : 1;
  return { streak, longestStreak: Math.max(state.longestStreak, streak), lastActiveDay: today, changed: true };
}

/**
 * The streak as shown (navbar `user_strike`, profile, dashboard): a run that includes today counts,
 * a run last extended yesterday still counts until today ends in the learner's zone, an older one is over.
 */
export function currentStreak(
  user: { streak: number; lastActiveDay: string | null; timezone: string },
  now: Date,
): number {
  if (!user.lastActiveDay || user.streak <= 0) return 0;
  return user.lastActiveDay >= localDays(now, user.timezone).yesterday ? user.streak : 0;
}
