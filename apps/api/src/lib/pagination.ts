// Decision 0022: page and page_size are digits only and bounded; a page past the last answers 404.
import type { Paged, PageQuery } from '@bastion/contract';
import { NotFound } from './errors.ts';

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * Builds the contract's paged body. `url` is the request URL (path and query), used to build
 * absolute-path next/previous links. A page past the end answers 404, but page 1 of nothing is empty.
 */
export function pagedResponse<T>(results: T[], count: number, query: PageQuery, url: string): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  if (query.page > lastPage) throw new NotFound();
  const link = (page: number) => {
    const target = new URL(url, 'http://local');
    target.searchParams.set('page', String(page));
    return `${target.pathname}${target.search}`;
  };
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results,
  };
}
