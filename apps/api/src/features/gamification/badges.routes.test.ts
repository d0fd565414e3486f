import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { badges, userBadges, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { completeItem, insertBadge, insertModule, insertRedemption } from '../../../test/badge-fixtures.ts';
import { settleBadges } from './points.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.db.update(badges).set({ hidden: true });
});

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const evaluate = (userId: string, now: Date) => ctx.db.transaction((tx) => settleBadges(tx, userId, now));

async function lessonsDone(userId: string, n: number) {
  const { items } = await insertModule(ctx.db, { lessons: n, quizzes: 0 });
  for (const item of items) await completeItem(ctx.db, userId, item.id, ctx.clock.now());
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/badges/list/'],
    ['GET', '/api/badges/earned/'],
    ['GET', '/api/badges/locked/'],
    ['GET', '/api/badges/unseen/'],
    ['POST', '/api/badges/mark-all-seen/'],
  ])('%s %s answers 401 without a token or with a bad one', async (method, url) => {
    const none = await ctx.app.inject({ method: method as 'GET' | 'POST', url });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: MESSAGES.notAuthenticated, code: 'not_authenticated' });
    const bad = await ctx.app.inject({ method: method as 'GET' | 'POST', url, headers: { authorization: 'Bearer x' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });
});

describe('the badge collection', () => {
  it('moves a badge from locked to earned and unseen, then collecting marks it seen', async () => {
    const { user, headers } = await signedIn();
    const reader = await insertBadge(ctx.db, { kind: 'lessons_completed', threshold: 3, points: 10, name: 'Reader' });
    const coupon = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1, name: 'Saver' });
    await insertBadge(ctx.db, { kind: 'streak', threshold: 7, name: 'Secret', hidden: true });
    await lessonsDone(user.id, 2);

    const list = await get('/api/badges/list/', headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: reader.id,
        slug: reader.slug,
        name: 'Reader',
        description: reader.description,
        image: reader.image,
        points: 10,
        rule: { kind: 'lessons_completed', threshold: 3 },
        earned: false,
        earned_at: null,
        current: 2,
        target: 3,
      },
      expect.objectContaining({ id: coupon.id, earned: false, current: 0, target: 1 }),
    ]);
    const locked = (await get('/api/badges/locked/', headers)).json();
    expect(locked).toMatchObject({ count: 2, next: null, previous: null });
    expect(locked.results[0]).toEqual({
      id: reader.id,
      slug: reader.slug,
      name: 'Reader',
      description: reader.description,
      image: reader.image,
      points: 10,
      rule: { kind: 'lessons_completed', threshold: 3 },
      current: 2,
      target: 3,
    });
    expect((await get('/api/badges/earned/', headers)).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await get('/api/badges/unseen/', headers)).json()).toEqual([]);

    await lessonsDone(user.id, 1);
    const earnedAt = ctx.clock.now();
    await evaluate(user.id, earnedAt);

    const earned = (await get('/api/badges/earned/', headers)).json();
    expect(earned.count).toBe(1);
    expect(earned.results).toEqual([
      {
        id: reader.id,
        slug: reader.slug,
        name: 'Reader',
        description: reader.description,
        image: reader.image,
        points: 10,
        rule: { kind: 'lessons_completed', threshold: 3 },
        earned_at: earnedAt.toISOString(),
      },
    ]);
    expect((await get('/api/badges/locked/', headers)).json().results.map((b: { id: string }) => b.id)).toEqual([
      coupon.id,
    ]);
    const listed = (await get('/api/badges/list/', headers)).json();
    expect(listed[0]).toMatchObject({ earned: true, earned_at: earnedAt.toISOString(), current: 3, target: 3 });

    const [award] = await ctx.db.select().from(userBadges).where(eq(userBadges.userId, user.id));
    const unseen = await get('/api/badges/unseen/', headers);
    expect(unseen.statusCode).toBe(200);
    expect(unseen.json()).toEqual([
      {
        id: award!.id,
        badge: { id: reader.id, name: 'Reader', description: reader.description, image: reader.image, points: 10 },
        earned_at: earnedAt.toISOString(),
      },
    ]);

    const collected = await ctx.app.inject({ method: 'POST', url: '/api/badges/mark-all-seen/', headers });
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toEqual({ marked: 1 });
    expect((await get('/api/badges/unseen/', headers)).json()).toEqual([]);
    const [seen] = await ctx.db.select().from(userBadges).where(eq(userBadges.id, award!.id));
    expect(seen!.seenAt).not.toBeNull();

    const again = await ctx.app.inject({ method: 'POST', url: '/api/badges/mark-all-seen/', headers, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ marked: 0 });
  });

  it('marks only the caller’s awards, and rejects a body with fields', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const badge = await insertBadge(ctx.db, { kind: 'coupon_redeemed', threshold: 1 });
    for (const { user } of [me, other]) {
      await insertRedemption(ctx.db, user.id);
      await evaluate(user.id, ctx.clock.now());
    }
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/badges/mark-all-seen/',
      headers: me.headers,
      payload: { ids: [badge.id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ids: ['Unknown field.'] });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/badges/mark-all-seen/',
      headers: me.headers,
      payload: {},
    });
    expect(res.json()).toEqual({ marked: 1 });
    const [theirs] = await ctx.db
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, other.user.id), eq(userBadges.badgeId, badge.id)));
    expect(theirs!.seenAt).toBeNull();
    expect((await get('/api/badges/unseen/', other.headers)).json()).toHaveLength(1);
  });

  it('pages earned and locked badges; a page past the end is 404, a bad page 400', async () => {
    const { user, headers } = await signedIn();
    const created = [];
    for (let i = 1; i <= 12; i += 1)
      created.push(await insertBadge(ctx.db, { kind: 'lessons_completed', threshold: i }));
    await lessonsDone(user.id, 11);
    // Earned one at a time, a minute apart: newest first on the earned list.
    for (let i = 0; i < 11; i += 1) {
      await ctx.db.insert(userBadges).values({
        userId: user.id,
        badgeId: created[i]!.id,
        earnedAt: new Date(Date.UTC(2026, 2, 1, 10, i)),
      });
    }
    const first = (await get('/api/badges/earned/', headers)).json();
    expect(first.count).toBe(11);
    expect(first.next).toBe('/api/badges/earned/?page=2');
    expect(first.results.map((b: { id: string }) => b.id)).toEqual(
      created
        .slice(1, 11)
        .reverse()
        .map((b) => b.id),
    );
    const second = (await get('/api/badges/earned/?page=2', headers)).json();
    expect(second.results.map((b: { id: string }) => b.id)).toEqual([created[0]!.id]);
    expect(second.previous).toBe('/api/badges/earned/?page=1');
    expect((await get('/api/badges/earned/?page=3', headers)).statusCode).toBe(404);

    const locked = (await get('/api/badges/locked/?page_size=1', headers)).json();
    expect(locked).toMatchObject({ count: 1, next: null, previous: null });
    expect(locked.results[0]).toMatchObject({ id: created[11]!.id, current: 11, target: 12 });
    const past = await get('/api/badges/locked/?page=2', headers);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Not found.' });
    const bad = await get('/api/badges/locked/?page=-1', headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['page']);
  });

  it('shows streak progress from the visible streak: a broken run counts 0', async () => {
    const { user } = await signedIn();
    const badge = await insertBadge(ctx.db, { kind: 'streak', threshold: 7 });
    await ctx.db
      .update(users)
      .set({ streak: 4, longestStreak: 4, lastActiveDay: '2026-03-09' })
      .where(eq(users.id, user.id));
    const current = async () => {
      // A fresh token each time: the clock moves past the access token's lifetime.
      const { authorization } = await authHeader(ctx.app, user.id);
      return (await get('/api/badges/locked/', { authorization })).json().results[0];
    };
    expect(await current()).toMatchObject({ id: badge.id, current: 4, target: 7 });
    // Still 4 until the learner's day after the last active one ends.
    ctx.clock.set(new Date('2026-03-10T23:30:00Z'));
    expect(await current()).toMatchObject({ current: 4 });
    ctx.clock.set(new Date('2026-03-11T00:30:00Z'));
    expect(await current()).toMatchObject({ id: badge.id, current: 0, target: 7 });
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
  });
});
