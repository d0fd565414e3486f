import { describe, expect, it } from 'vitest';
import { pageCount, pageOfRank, readLeaderboardParams, writeLeaderboardParams } from './leaderboard-params.ts';

const read = (search: string) => readLeaderboardParams(new URLSearchParams(search));

describe('leaderboard address', () => {
  it('reads the period and page, falling back to all time and page 1', () => {
    expect(read('')).toEqual({ period: 'all', page: 1 });
    expect(read('period=week&page=3')).toEqual({ period: 'week', page: 3 });
    expect(read('period=year&page=0')).toEqual({ period: 'all', page: 1 });
    expect(read('period=month&page=2.5')).toEqual({ period: 'month', page: 1 });
    expect(read('page=-4')).toEqual({ period: 'all', page: 1 });
  });

  it('writes the period, and the page only past the first', () => {
    expect(writeLeaderboardParams({ period: 'week', page: 1 }).toString()).toBe('period=week');
    expect(writeLeaderboardParams({ period: 'all', page: 4 }).toString()).toBe('period=all&page=4');
  });

  it('finds the page of a rank with 25 rows a page', () => {
    expect([1, 25, 26, 50, 51].map(pageOfRank)).toEqual([1, 1, 2, 2, 3]);
    expect([0, 1, 25, 26].map(pageCount)).toEqual([1, 1, 1, 2]);
  });
});
