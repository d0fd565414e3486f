import { formatNumber } from '@/lib/plural.ts';
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short' });

/** "12 Sep 2025": en-US month names (en-GB now writes "Sept") in day-month-year order. */
function dayMonthYear(date: Date): string {
  return `${date.getDate()} ${shortMonth.format(date)} ${date.getFullYear()}`;
}
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

/** "12 Mar 2026" for an ISO time, in the learner's zone; the value itself when it is not a date. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayMonthYear(date);
}

/** "March 2025" */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : monthYear.format(date);
}

/** "+25" or "-5". */
export const signedPoints = (points: number): string => `${points > 0 ? '+' : ''}${formatNumber(points)}`;
