import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { awardPoints } from './points.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const URL = '/api/points/pointshistory/';

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

async function awardMany(userId: string, count: number) {
  const base = Date.parse('2026-04-01T08:00:00Z');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const outcome = await ctx.db.transaction((tx) =>
      awardPoints(
        tx,
        { userId, points: i + 1, reason: `Reward code C${i}`, sourceType: 'coupon', sourceId: randomUUID() },
        new Date(base + i * 60_000),
      ),
    );
    ids.push(outcome.ledgerId!);
  }
  return ids;
}

describe('GET /api/points/pointshistory/', () => {
  it('pages the ledger rows newest first with the contract fields', async () => {
    const { user, headers } = await signedIn();
    const ids = await awardMany(user.id, 12);
    const other = await signedIn();
    await awardMany(other.user.id, 2);

    const res = await ctx.app.inject({ url: URL, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 12, next: `${URL}?page=2`, previous: null });
    expect(body.results).toHaveLength(10);
    expect(body.results[0]).toEqual({
      id: ids[11],
      points: 12,
      reason: 'Reward code C11',
      source_type: 'coupon',
      created_at: new Date(Date.parse('2026-04-01T08:00:00Z') + 11 * 60_000).toISOString(),
    });
    expect(body.results.map((row: { id: string }) => row.id)).toEqual(ids.slice(2).reverse());

    const second = await ctx.app.inject({ url: `${URL}?page=2`, headers });
    expect(second.json()).toMatchObject({ count: 12, next: null, previous: `${URL}?page=1` });
    expect(second.json().results.map((row: { id: string }) => row.id)).toEqual([ids[1], ids[0]]);
  });

  it('answers an empty first page, 404 past the end, 400 for a bad page and 401 without a token', async () => {
    const { headers } = await signedIn();
    expect((await ctx.app.inject({ url: URL, headers })).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await ctx.app.inject({ url: `${URL}?page=2`, headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `${URL}?page=x`, headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/points/pointshistory', headers })).statusCode).toBe(200);
  });
});
