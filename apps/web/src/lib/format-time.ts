const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** A parsed ISO time, or null when the value is missing or not a date. */
export function parseTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 Mar 2026, 14:05" in the learner's own zone and the page's language (English). */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = parseTime(value);
  return date ? absolute.format(date) : null;
}

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; a week or more shows the date itself. */
export function formatRelativeTime(value: string | null | undefined, now: number = Date.now()): string | null {
  const date = parseTime(value);
  if (!date) return null;
  const elapsed = now - date.getTime();
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return absolute.format(date);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
