import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODULE_FILTERS,
  filtersAreDefault,
  moduleListParams,
  readModuleFilters,
  writeModuleFilters,
} from './module-filters.ts';

const COURSE = '7d6f6c4e-8a51-4f7e-9d55-1b0d3c2a9e10';

describe('module list filters in the address', () => {
  it('reads every filter and the page', () => {
    const params = new URLSearchParams(`difficulty=hard&course=${COURSE}&access=premium&searchTerm=port%20scan&page=3`);
    expect(readModuleFilters(params)).toEqual({
      difficulty: 'hard',
      course: COURSE,
      access: 'premium',
      searchTerm: 'port scan',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(readModuleFilters(new URLSearchParams(''))).toEqual(DEFAULT_MODULE_FILTERS);
    expect(readModuleFilters(new URLSearchParams('difficulty=extreme&access=secret&page=-2'))).toEqual(
      DEFAULT_MODULE_FILTERS,
    );
    expect(readModuleFilters(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeModuleFilters(DEFAULT_MODULE_FILTERS).toString()).toBe('');
    const filters = { difficulty: 'easy', course: COURSE, access: 'enrolled', searchTerm: 'tls', page: 2 } as const;
    const written = writeModuleFilters(filters);
    expect(written.toString()).toBe(`difficulty=easy&course=${COURSE}&access=enrolled&searchTerm=tls&page=2`);
    expect(readModuleFilters(written)).toEqual(filters);
  });

  it('sends searchTerm as search, trimmed, and always names the access filter', () => {
    expect(moduleListParams({ ...DEFAULT_MODULE_FILTERS, searchTerm: '  nmap ' })).toEqual({
      page: '1',
      access: 'all',
      search: 'nmap',
    });
    expect(
      moduleListParams({ difficulty: 'medium', course: COURSE, access: 'completed', searchTerm: ' ', page: 4 }),
    ).toEqual({ page: '4', difficulty: 'medium', course: COURSE, access: 'completed' });
  });

  it('knows when no filter is set', () => {
    expect(filtersAreDefault({ ...DEFAULT_MODULE_FILTERS, page: 5 })).toBe(true);
    expect(filtersAreDefault({ ...DEFAULT_MODULE_FILTERS, searchTerm: 'x' })).toBe(false);
  });
});
