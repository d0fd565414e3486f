import { afterAll, describe, expect, it } from 'vitest';
import { PAGING, PAGING_MESSAGES } from '@bastion/contract';
import { createTestApp } from './harness.ts';
import { routeInventory, urlOf } from './route-inventory.ts';
import { signedInStaff } from './staff.ts';

/**
 * R11 on every list that pages: a page past the end is a 404, however far past (the database
 * never sees an offset it cannot hold), and what is not a page number is a field error.
 */
const ctx = await createTestApp();
afterAll(() => ctx.close());

// A staff member with two-factor sign-in on reaches every list, the operator console's included.
const owner = await signedInStaff(ctx);
const { authorization } = owner;
const pagedRoutes = routeInventory(ctx.app).filter((route) => route.query.some((field) => field.name === 'page'));
const get = (route: (typeof pagedRoutes)[number], query: string) =>
  ctx.app.inject({ url: urlOf(route, { username: owner.username }, query), headers: { authorization } });

describe.each(pagedRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it('answers page 1 of its list', async () => {
    expect((await get(route, 'page=1')).statusCode).toBe(200);
  });

  it.each([
    '2',
    String(PAGING.maxPage),
    String(PAGING.maxPage + 1),
    '85899347',
    '214748365',
    '2147483648',
    '9223372036854775808',
    '9'.repeat(400),
  ])('answers page %s, past the end, with the contract 404', async (page) => {
    for (const pageSize of ['1', '25', String(PAGING.maxPageSize)]) {
      const response = await get(route, `page=${page}&page_size=${pageSize}`);
      expect(response.statusCode, `page_size ${pageSize}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it.each(['0', '-1', 'NaN', '1e999', '1e3', '1.5', '0x10', 'Infinity', '%00', 'a'])(
    'answers page=%s with a field error',
    async (page) => {
      const response = await get(route, `page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['page']);
    },
  );

  it.each(['0', '-1', String(PAGING.maxPageSize + 1), '9223372036854775808', '1e999', 'NaN'])(
    'answers page_size=%s with a field error',
    async (pageSize) => {
      const response = await get(route, `page_size=${pageSize}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ page_size: [PAGING_MESSAGES.pageSize] });
    },
  );
});

it('covers every paged list', () => {
  expect(pagedRoutes.map((route) => route.path).sort()).toEqual(
    expect.arrayContaining(['/api/leaderboard', '/api/courses/module_list', '/api/points/pointshistory']),
  );
  expect(pagedRoutes.length).toBeGreaterThanOrEqual(11);
});
