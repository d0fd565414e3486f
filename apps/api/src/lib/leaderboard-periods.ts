import type { LeaderboardPeriod } from '@bastion/contract';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The ISO 8601 week of a UTC instant: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(now: Date): { year: number; week: number } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the week's year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { year: day.getUTCFullYear(), week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/** The stored key of the period containing `now`: `all`, `month:YYYY-MM` or `week:GGGG-Www`, all in UTC. */
export function periodKey(period: LeaderboardPeriod, now: Date): string {
  if (period === 'all') return 'all';
  if (period === 'month') return `month:${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}`;
  const { year, week } = isoWeek(now);
  return `week:${year}-W${pad(week)}`;
}

/** Every key an award at `now` counts towards. */
export function awardPeriodKeys(now: Date): string[] {
  return [periodKey('all', now), periodKey('month', now), periodKey('week', now)];
}

/**
 * Keys worth keeping at `now`: all-time, and the current and previous month and week (the previous
 * ones as a margin around the boundary). Older periods are never read and are pruned.
 */
export function liveKeys(now: Date): string[] {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
  return [
    'all',
    periodKey('month', now),
    periodKey('month', lastMonth),
    periodKey('week', now),
    periodKey('week', lastWeek),
  ];
}
