import { describe, expect, it } from 'vitest';
import { activity } from '@test/activity.ts';
import { activityLevel, formatCalendarDay, heatmapLayout } from './activity-heatmap.ts';

describe('formatCalendarDay', () => {
  it('reads a calendar day as "12 Sep 2025", whatever the browser\'s zone', () => {
    expect(formatCalendarDay('2025-09-12')).toBe('12 Sep 2025');
    expect(formatCalendarDay('not a day')).toBe('not a day');
  });
});

describe('activityLevel', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [1, 1],
    [14, 1],
    [15, 2],
    [39, 2],
    [40, 3],
    [79, 3],
    [80, 4],
    [1000, 4],
  ])('%i points → level %i', (points, level) => {
    expect(activityLevel(points)).toBe(level);
  });
});

describe('heatmapLayout', () => {
  it('lays 365 days out in week columns, Sunday first, starting on the first day’s weekday', () => {
    // 2025-03-15 is a Saturday, 2026-03-14 (the last day) a Saturday.
    const layout = heatmapLayout(activity({ '2026-03-14': 20 }));
    expect(layout.cells).toHaveLength(365);
    expect(layout.cells[0]).toMatchObject({ date: '2025-03-15', column: 0, row: 6, level: 0 });
    expect(layout.cells[1]).toMatchObject({ date: '2025-03-16', column: 1, row: 0 });
    expect(layout.cells.at(-1)).toMatchObject({ date: '2026-03-14', column: 52, row: 6, level: 2 });
    expect(layout.columns).toBe(53);
  });

  it('names each day with its points and date', () => {
    const layout = heatmapLayout(activity({ '2026-03-13': 1, '2026-03-14': 25 }));
    expect(layout.cells.at(-2)?.label).toBe('1 point on 13 Mar 2026');
    expect(layout.cells.at(-1)?.label).toBe('25 points on 14 Mar 2026');
    expect(layout.cells[0]?.label).toBe('0 points on 15 Mar 2025');
  });

  it('puts each month’s name over its first full week, without overlaps', () => {
    const { months } = heatmapLayout(activity());
    expect(months.map((month) => month.label)).toEqual([
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan',
      'Feb',
      'Mar',
    ]);
    expect(months[0]).toEqual({ column: 0, label: 'Mar' });
    // 2025-04-06 is the first Sunday of April: column 4.
    expect(months[1]).toEqual({ column: 4, label: 'Apr' });
    for (let index = 1; index < months.length; index += 1) {
      expect(months[index]!.column - months[index - 1]!.column).toBeGreaterThanOrEqual(3);
    }
  });

  it('drops the first, partial month when the next one would overlap it', () => {
    // 2025-03-29 is a Saturday: March has one cell, April starts in the second week.
    const days = Array.from({ length: 30 }, (_, index) => ({
      date: new Date(Date.UTC(2025, 2, 29 + index)).toISOString().slice(0, 10),
      points: 0,
    }));
    expect(heatmapLayout(days).months).toEqual([{ column: 2, label: 'Apr' }]);
  });

  it('an empty series is an empty grid', () => {
    expect(heatmapLayout([])).toEqual({ cells: [], columns: 0, months: [] });
  });
});
