import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHALLENGE_FILTERS,
  challengeListParams,
  filtersAreDefault,
  readChallengeFilters,
  writeChallengeFilters,
} from './challenge-filters.ts';

describe('challenge filters in the address', () => {
  it('reads every filter', () => {
    const params = new URLSearchParams('category=crypto&difficulty=hard&status=in_progress&access=premium');
    expect(readChallengeFilters(params)).toEqual({
      category: 'crypto',
      difficulty: 'hard',
      status: 'in_progress',
      access: 'premium',
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readChallengeFilters(new URLSearchParams(''))).toEqual(DEFAULT_CHALLENGE_FILTERS);
    expect(
      readChallengeFilters(new URLSearchParams('category=Not+a+key&difficulty=extreme&status=done&access=enrolled')),
    ).toEqual(DEFAULT_CHALLENGE_FILTERS);
    expect(readChallengeFilters(new URLSearchParams(`category=${'a'.repeat(41)}`)).category).toBe('');
  });

  it('reads any category key, since imported packs bring categories of their own', () => {
    expect(readChallengeFilters(new URLSearchParams('category=smart-contracts')).category).toBe('smart-contracts');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeChallengeFilters(DEFAULT_CHALLENGE_FILTERS).toString()).toBe('');
    const filters = { category: 'web', difficulty: 'easy', status: 'completed', access: 'free' } as const;
    const written = writeChallengeFilters(filters);
    expect(written.toString()).toBe('category=web&difficulty=easy&status=completed&access=free');
    expect(readChallengeFilters(written)).toEqual(filters);
  });

  it('sends the set filters and always the access filter', () => {
    expect(challengeListParams(DEFAULT_CHALLENGE_FILTERS)).toEqual({ access: 'all' });
    expect(challengeListParams({ ...DEFAULT_CHALLENGE_FILTERS, category: 'osint', status: 'not_started' })).toEqual({
      category: 'osint',
      status: 'not_started',
      access: 'all',
    });
  });

  it('knows when no filter is set', () => {
    expect(filtersAreDefault(DEFAULT_CHALLENGE_FILTERS)).toBe(true);
    expect(filtersAreDefault({ ...DEFAULT_CHALLENGE_FILTERS, access: 'premium' })).toBe(false);
  });
});
