import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { createFakeStripe, STRIPE_TEST_ENV } from '../../../test/fake-stripe.ts';
import { routeInventory, urlOf } from '../../../test/route-inventory.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors.ts';

/** The database goes away under a running app (PGlite closed): 503 with Retry-After, never a 500. */
let ctx: TestContext;
let authorization: string;
beforeAll(async () => {
  // Payments on: without them the billing routes answer their own (deliberate) 503.
  ctx = await createTestApp({ env: STRIPE_TEST_ENV, stripe: createFakeStripe().client });
  const user = await createUser(ctx.db);
  ({ authorization } = await authHeader(ctx.app, user.id));
  // An embedded engine is stopped itself: the test database's close would keep it for the worker's next file.
  await (ctx.database.pglite ? ctx.database.pglite.close() : ctx.database.close());
});
afterAll(() => ctx.app.close());

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({ detail: expect.stringMatching(/temporarily unavailable/) });
}

describe('while the database is closed', () => {
  it('reports not ready, and why, while staying alive', async () => {
    const ready = await ctx.app.inject({ url: '/api/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    const health = await ctx.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('answers public and signed-in calls with 503 and Retry-After', async () => {
    expectUnavailable(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/',
        payload: { name: 'Ada', email: 'ada@example.test', subject: 'Hi', message: 'Hello' },
      }),
    );
    for (const url of ['/api/users/profile/', '/api/leaderboard/', '/api/courses/course_list/']) {
      expectUnavailable(await ctx.app.inject({ url, headers: { authorization } }));
    }
  });

  it('answers no route with a 500', async () => {
    const problems: string[] = [];
    for (const route of routeInventory(ctx.app)) {
      const url = urlOf(route, Object.fromEntries(route.pathParams.map((name) => [name, '1'])));
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: route.takesBody ? { authorization, 'content-type': 'application/json' } : { authorization },
        payload: route.takesBody ? '{}' : undefined,
      });
      const unavailable = response.statusCode === 503 && response.headers['retry-after'];
      if (response.statusCode >= 500 && !unavailable) problems.push(`${route.method} ${url}: ${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});
