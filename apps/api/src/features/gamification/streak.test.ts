import { describe, expect, it } from 'vitest';
import { addDays, currentStreak, extendStreak, localDay } from './streak.ts';

describe('localDay', () => {
  it('answers the calendar day in the learner zone', () => {
    const instant = new Date('2026-03-10T11:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-03-10');
    // 00:30 on the 11th in Auckland (UTC+13 in March).
    expect(localDay(instant, 'Pacific/Auckland')).toBe('2026-03-11');
    expect(localDay(new Date('2026-03-10T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
  });

  it('falls back to UTC for a zone Intl does not know', () => {
    expect(localDay(new Date('2026-03-10T23:30:00Z'), 'Not/AZone')).toBe('2026-03-10');
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('extendStreak', () => {
  const state = (streak: number, lastActiveDay: string | null, longestStreak = streak) => ({
    streak,
    longestStreak,
    lastActiveDay,
  });

  it('starts a run of 1 on the first award', () => {
    expect(extendStreak(state(0, null), '2026-03-10')).toEqual({
      streak: 1,
      longestStreak: 1,
      lastActiveDay: '2026-03-10',
      changed: true,
    });
  });

  it('leaves the run alone on the same day', () => {
    expect(extendStreak(state(4, '2026-03-10', 9), '2026-03-10')).toMatchObject({ streak: 4, changed: false });
  });

  it('extends the run on the next day and raises the longest run', () => {
    expect(extendStreak(state(4, '2026-03-09', 4), '2026-03-10')).toEqual({
      streak: 5,
      longestStreak: 5,
      lastActiveDay: '2026-03-10',
      changed: true,
    });
  });

  it('starts over after a missed day, keeping the longest run', () => {
    expect(extendStreak(state(6, '2026-03-08', 6), '2026-03-10')).toEqual({
      streak: 1,
      longestStreak: 6,
      lastActiveDay: '2026-03-10',
      changed: true,
    });
  });

  it('treats a last active day ahead of today (zone moved west) as today', () => {
    expect(extendStreak(state(3, '2026-03-11'), '2026-03-10')).toMatchObject({ streak: 3, changed: false });
  });
});

describe('currentStreak', () => {
  const noon = new Date('2026-03-10T12:00:00Z');

  it('counts a run that includes today', () => {
    expect(currentStreak({ streak: 3, lastActiveDay: '2026-03-10', timezone: 'UTC' }, noon)).toBe(3);
  });

  it("counts yesterday's run until today ends", () => {
    expect(currentStreak({ streak: 3, lastActiveDay: '2026-03-09', timezone: 'UTC' }, noon)).toBe(3);
    expect(
      currentStreak({ streak: 3, lastActiveDay: '2026-03-09', timezone: 'UTC' }, new Date('2026-03-10T23:59:59Z')),
    ).toBe(3);
    expect(
      currentStreak({ streak: 3, lastActiveDay: '2026-03-09', timezone: 'UTC' }, new Date('2026-03-11T00:00:00Z')),
    ).toBe(0);
  });

  it('is 0 for an older run or none', () => {
    expect(currentStreak({ streak: 3, lastActiveDay: '2026-03-08', timezone: 'UTC' }, noon)).toBe(0);
    expect(currentStreak({ streak: 0, lastActiveDay: null, timezone: 'UTC' }, noon)).toBe(0);
  });

  it("judges today and yesterday in the learner's zone", () => {
    // 11:30 UTC on the 10th is already the 11th in Auckland: a run last extended on the 9th is over there.
    const late = new Date('2026-03-10T11:30:00Z');
    expect(currentStreak({ streak: 5, lastActiveDay: '2026-03-09', timezone: 'Pacific/Auckland' }, late)).toBe(0);
    expect(currentStreak({ streak: 5, lastActiveDay: '2026-03-09', timezone: 'UTC' }, late)).toBe(5);
  });
});

describe('localDay across a midnight', () => {
  it('changes on the minute the zone reaches midnight, also for a zone 45 minutes off the hour', () => {
    // Kathmandu is UTC+5:45: midnight there is 18:15 UTC.
    expect(localDay(new Date('2026-03-10T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-10T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-03-11');
    expect(localDay(new Date('2026-03-10T18:14:30.000Z'), 'Asia/Kathmandu')).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-10T23:59:59.000Z'), 'UTC')).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-11T00:00:00.000Z'), 'UTC')).toBe('2026-03-11');
    expect(localDay(new Date('2026-03-10T23:59:00.000Z'), 'UTC')).toBe('2026-03-10');
  });
});
