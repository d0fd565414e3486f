import type { ActivityDay } from '@bastion/contract';
import { plural } from '../lib/plural.ts';

/**
 * The least points a day needs for each colour level above 0. Fixed steps (not relative to the learner's
 * best day) keep a colour meaning the same amount all year: a lesson is 5 points, a quiz 10, a module bonus 25.
 */
export const ACTIVITY_LEVEL_THRESHOLDS = [1, 15, 40, 80] as const;
export const ACTIVITY_LEVELS = [0, 1, 2, 3, 4] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export function activityLevel(points: number): ActivityLevel {
  let level = 0;
  for (const threshold of ACTIVITY_LEVEL_THRESHOLDS) if (points >= threshold) level += 1;
  return level as ActivityLevel;
}

export interface HeatmapCell {
  date: string;
  points: number;
  level: ActivityLevel;
  /** Week, oldest first. */
  column: number;
  /** Day of the week, Sunday first. */
  row: number;
  /** "5 points on 12 Mar 2026" */
  label: string;
}

export interface HeatmapLayout {
  cells: HeatmapCell[];
  columns: number;
  /** Where each month's name goes above the weeks. */
  months: { column: number; label: string }[];
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/**
 * A calendar day of the activity series ("2026-03-12", already in the learner's zone) → "12 Mar 2026":
 * en-US month names (en-GB writes "Sept"), read as UTC so the browser's own zone cannot shift it by a day.
 */
export function formatCalendarDay(value: string): string {
  const date = utcDate(value);
  return Number.isNaN(date.getTime())
    ? value
    : `${date.getUTCDate()} ${monthName.format(date)} ${date.getUTCFullYear()}`;
}
/** Month names closer than this many weeks would overlap. */
const MIN_MONTH_GAP = 3;

function utcDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/**
 * Lays the daily series (oldest first, one entry per day) out as GitHub does: one column per week,
 * Sunday at the top, the first week starting on the first day's weekday.
 */
export function heatmapLayout(activity: readonly ActivityDay[]): HeatmapLayout {
  if (activity.length === 0) return { cells: [], columns: 0, months: [] };
  // An unreadable first date (NaN) starts the grid on a Sunday.
  const offset = utcDate(activity[0]!.date).getUTCDay() || 0;
  const cells = activity.map(({ date, points }, index): HeatmapCell => {
    const position = index + offset;
    return {
      date,
      points,
      level: activityLevel(points),
      column: Math.floor(position / 7),
      row: position % 7,
      label: `${plural(points, 'point')} on ${formatCalendarDay(date)}`,
    };
  });

  const months: HeatmapLayout['months'] = [];
  let lastMonth = -1;
  for (const cell of cells) {
    const date = utcDate(cell.date);
    if (Number.isNaN(date.getTime()) || date.getUTCMonth() === lastMonth) continue;
    lastMonth = date.getUTCMonth();
    // A month's name sits over the first week that starts inside it.
    const column = cell.row === 0 || cell === cells[0] ? cell.column : cell.column + 1;
    const previous = months.at(-1);
    if (previous && column - previous.column < MIN_MONTH_GAP) {
      // Keep the newer month: the first, partial week is the one that gives way.
      if (months.length === 1) months.pop();
      else continue;
    }
    months.push({ column, label: monthName.format(date) });
  }

  return { cells, columns: cells.at(-1)!.column + 1, months };
}
