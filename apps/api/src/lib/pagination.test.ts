import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { pagedResponse, pageWindow } from './pagination.ts';

describe('pagination', () => {
  it('turns page and page_size into a window', () => {
    expect(pageWindow({ page: 3, page_size: 10 })).toEqual({ limit: 10, offset: 20 });
  });

  it('links next and previous pages keeping the other filters', () => {
    const body = pagedResponse([1, 2], 25, { page: 2, page_size: 10 }, '/api/x/?page=2&page_size=10&q=a');
    expect(body).toEqual({
      count: 25,
      next: '/api/x/?page=3&page_size=10&q=a',
      previous: '/api/x/?page=1&page_size=10&q=a',
      results: [1, 2],
    });
  });

  it('answers an empty first page but 404 past the end', () => {
    expect(pagedResponse([], 0, { page: 1, page_size: 10 }, '/api/x/').results).toEqual([]);
    expect(() => pagedResponse([], 5, { page: 2, page_size: 10 }, '/api/x/')).toThrow(AppError);
  });
});
