import { parseTime } from '@/lib/format-time.ts';
import { formatNumber, plural } from '@/lib/plural.ts';

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const pointsText = (points: number): string => plural(points, 'point');
export const daysText = (days: number): string => plural(days, 'day');
export const rankText = (rank: number | null): string => (rank === null ? 'Not ranked yet' : `#${formatNumber(rank)}`);

/** "March 2026". */
export function formatJoined(iso: string): string | null {
  const date = parseTime(iso);
  return date ? monthYear.format(date) : null;
}

/** "14 Mar 2026". */
export function formatDay(iso: string | null): string | null {
  const date = parseTime(iso);
  return date ? day.format(date) : null;
}

/** The full name, or the username when the owner gave none. */
export function displayName(profile: { first_name: string; last_name: string; username: string }): string {
  return `${profile.first_name} ${profile.last_name}`.trim() || profile.username;
}
