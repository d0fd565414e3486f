import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser, type TestUser } from '../../../test/fixtures.ts';
import { awardPoints } from '../gamification/points.service.ts';
import { PROFILE_MESSAGES } from './profile.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn(
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: TestUser; headers: { authorization: string } }> {
  const user = await createUser(ctx.db, overrides);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

function dayOffset(days: number): string {
  return new Date(ctx.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/users/profile/', () => {
  it('answers exactly the contract shape for the signed-in learner', async () => {
    const { user, headers } = await signedIn({ bio: 'Hello', timezone: 'Europe/Paris' });
    const res = await ctx.app.inject({ url: '/api/users/profile/', headers });
    expect(res.statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GB',
      bio: 'Hello',
      photo: null,
      is_premium: false,
      premium_until: null,
      points: 0,
      streak: 0,
      longest_streak: 0,
      rank: null,
      date_joined: row.dateJoined.toISOString(),
      timezone: 'Europe/Paris',
      public_profile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
    });
    expect((await ctx.app.inject({ url: '/api/users/profile', headers })).statusCode).toBe(200);
  });

  it('ranks as the leaderboard does: by points, ties to who got there first, none before a point', async () => {
    const award = (userId: string, points: number, minutes: number) =>
      ctx.db.transaction((tx) =>
        awardPoints(
          tx,
          { userId, points, reason: 'Test award', sourceType: 'coupon', sourceId: randomUUID() },
          new Date(ctx.clock.now().getTime() + minutes * 60_000),
        ),
      );
    // Joined in the opposite order, so the join date cannot be what breaks the ties.
    const joined = (day: number) => ({ dateJoined: new Date(Date.UTC(2025, 0, day)) });
    const none = await signedIn(joined(1));
    const second = await signedIn(joined(2));
    const first = await signedIn(joined(3));
    const top = await signedIn(joined(4));
    await award(top.user.id, 100, 3);
    await award(second.user.id, 50, 1);
    await award(first.user.id, 50, 2);
    await award(second.user.id, 10, 5);
    await award(first.user.id, 10, 4);
    const rankOf = async (headers: { authorization: string }) =>
      (await ctx.app.inject({ url: '/api/users/profile/', headers })).json().rank;
    expect(await rankOf(top.headers)).toBe(1);
    expect(await rankOf(first.headers)).toBe(2);
    expect(await rankOf(second.headers)).toBe(3);
    expect(await rankOf(none.headers)).toBeNull();
  });

  it('shows a streak last extended yesterday, and none once a day was missed', async () => {
    const yesterday = await signedIn({ streak: 4, longestStreak: 9, lastActiveDay: dayOffset(-1) });
    const stale = await signedIn({ streak: 4, longestStreak: 9, lastActiveDay: dayOffset(-3) });
    const first = (await ctx.app.inject({ url: '/api/users/profile/', headers: yesterday.headers })).json();
    expect(first).toMatchObject({ streak: 4, longest_streak: 9 });
    const second = (await ctx.app.inject({ url: '/api/users/profile/', headers: stale.headers })).json();
    expect(second).toMatchObject({ streak: 0, longest_streak: 9 });
  });

  it('reports premium only while the paid period lasts', async () => {
    const now = ctx.clock.now().getTime();
    const until = new Date(now + 86_400_000);
    const active = await signedIn({ isPremium: true, premiumUntil: until });
    const lapsed = await signedIn({ isPremium: true, premiumUntil: new Date(now - 1000) });
    const lifetime = await signedIn({ isPremium: true });
    const profileOf = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ url: '/api/users/profile/', headers })).json();
    expect(await profileOf(active.headers)).toMatchObject({ is_premium: true, premium_until: until.toISOString() });
    expect(await profileOf(lapsed.headers)).toMatchObject({ is_premium: false });
    expect(await profileOf(lifetime.headers)).toMatchObject({ is_premium: true, premium_until: null });
  });

  it('answers 401 without a token and with a bad one', async () => {
    const missing = await ctx.app.inject({ url: '/api/users/profile/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'not_authenticated' });
    const bad = await ctx.app.inject({ url: '/api/users/profile/', headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('PATCH /api/users/profile/', () => {
  const patch = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers, payload: payload as object });

  it('edits the allowed fields, normalised, and stores them', async () => {
    const { user, headers } = await signedIn();
    const res = await patch(headers, {
      first_name: '  Grace ',
      last_name: 'Hopper',
      country: 'us',
      bio: ' Compilers. ',
      timezone: 'america/new_york',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      country: 'US',
      bio: 'Compilers.',
      timezone: 'America/New_York',
    });
    expect(await userRow(user.id)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'US',
      bio: 'Compilers.',
      timezone: 'America/New_York',
    });
  });

  it('leaves fields that are not sent untouched', async () => {
    const { user, headers } = await signedIn({ bio: 'keep me' });
    const res = await patch(headers, { last_name: 'Byron' });
    expect(res.json()).toMatchObject({ first_name: 'Ada', last_name: 'Byron', bio: 'keep me' });
    expect((await patch(headers, {})).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ lastName: 'Byron', bio: 'keep me' });
  });

  it('rejects an unknown time zone under its field, and offsets that are not zones', async () => {
    const { user, headers } = await signedIn();
    for (const timezone of ['Mars/Olympus_Mons', '+01:00', 'UTC; drop table users', '']) {
      const res = await patch(headers, { timezone });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ timezone: [PROFILE_MESSAGES.unknownTimezone] });
    }
    expect((await userRow(user.id)).timezone).toBe('UTC');
  });

  it('rejects each invalid field and changes nothing', async () => {
    const { user, headers } = await signedIn();
    const cases: Array<[object, string]> = [
      [{ first_name: '   ' }, 'first_name'],
      [{ last_name: 'x'.repeat(151) }, 'last_name'],
      [{ country: 'XX' }, 'country'],
      [{ bio: 'b'.repeat(501) }, 'bio'],
      [{ first_name: 42 }, 'first_name'],
      [{ timezone: ['UTC'] }, 'timezone'],
    ];
    for (const [payload, field] of cases) {
      const res = await patch(headers, { ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', country: 'GB', bio: '' });
  });

  it('refuses fields it does not edit, such as email, points or premium', async () => {
    const { user, headers } = await signedIn();
    for (const payload of [{ email: 'x@example.test' }, { points: 1000 }, { is_premium: true }, { username: 'root' }]) {
      const res = await patch(headers, { first_name: 'Eve', ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [Object.keys(payload)[0]!]: ['Unknown field.'] });
    }
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Ada', points: 0, isPremium: false, email: user.email });
  });

  it('answers malformed JSON and non-object bodies with 400, never 500', async () => {
    const { headers } = await signedIn();
    const json = { ...headers, 'content-type': 'application/json' };
    for (const payload of ['{"first_name":', '[]', '"text"', 'null']) {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('answers 401 without a token', async () => {
    const res = await patch({}, { first_name: 'Mallory' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/profile/update-public/', () => {
  const update = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/users/profile/update-public/', headers, payload });

  it('changes any subset and answers the full settings', async () => {
    const { user, headers } = await signedIn();
    const res = await update(headers, { is_public: false, show_badges: false });
    expect(res.statusCode).toBe(200);
    const expected = { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false, show_badges: false };
    expect(res.json()).toEqual(expected);
    expect((await userRow(user.id)).publicProfile).toEqual(expected);

    const again = await update(headers, { show_badges: true });
    expect(again.json()).toEqual({ ...expected, show_badges: true });
    expect((await update(headers, {})).json()).toEqual({ ...expected, show_badges: true });
    const profile = (await ctx.app.inject({ url: '/api/users/profile/', headers })).json();
    expect(profile.public_profile).toEqual({ ...expected, show_badges: true });
  });

  it('rejects unknown settings and values that are not booleans', async () => {
    const { user, headers } = await signedIn();
    const unknown = await update(headers, { show_email: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ show_email: ['Unknown field.'] });
    const wrongType = await update(headers, { is_public: 'false' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['is_public']);
    expect((await userRow(user.id)).publicProfile).toEqual(DEFAULT_PUBLIC_PROFILE_SETTINGS);
  });

  it('answers 401 without a token', async () => {
    expect((await update({}, { is_public: false })).statusCode).toBe(401);
  });
});

describe('GET /api/navbar/', () => {
  it('answers photo, premium, points and streak from the learner row', async () => {
    const photoId = '00000000-0000-4000-8000-000000000001';
    const { headers } = await signedIn({
      points: 75,
      streak: 3,
      lastActiveDay: dayOffset(0),
      isPremium: true,
      photoId,
    });
    const res = await ctx.app.inject({ url: '/api/navbar/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_photo: `/media/avatars/${photoId}.webp`,
      is_premium: true,
      user_points: 75,
      user_strike: 3,
      is_staff: false,
    });
  });

  it('says whether the account is staff, read again once that changes', async () => {
    const { user, headers } = await signedIn({ isStaff: true });
    expect((await ctx.app.inject({ url: '/api/navbar/', headers })).json()).toMatchObject({ is_staff: true });
    await ctx.db.update(users).set({ isStaff: false }).where(eq(users.id, user.id));
    await ctx.app.settleLearnerChanges();
    expect((await ctx.app.inject({ url: '/api/navbar/', headers })).json()).toMatchObject({ is_staff: false });
  });

  it('answers a new learner with no photo and nothing earned', async () => {
    const { headers } = await signedIn();
    const res = await ctx.app.inject({ url: '/api/navbar', headers });
    expect(res.json()).toEqual({
      user_photo: null,
      is_premium: false,
      user_points: 0,
      user_strike: 0,
      is_staff: false,
    });
  });

  it('answers the points and streak earned through awards, the streak lasting until the next day ends', async () => {
    const award = (points: number) =>
      ctx.db.transaction((tx) =>
        awardPoints(
          tx,
          { userId: user.id, points, reason: 'Reward code', sourceType: 'coupon', sourceId: randomUUID() },
          ctx.clock.now(),
        ),
      );
    // A fresh token for each look: the clock moves further than an access token lives.
    const navbar = async () => {
      const { authorization } = await authHeader(ctx.app, user.id);
      return (await ctx.app.inject({ url: '/api/navbar/', headers: { authorization } })).json();
    };
    ctx.clock.set(new Date('2026-08-10T03:00:00Z')); // 12:00 in Tokyo
    const { user } = await signedIn({ timezone: 'Asia/Tokyo' });
    // The navbar is answered from memory, kept exact by the database's notifications (decision 0015): each award's
    // reaches the cache before the next look, as it does between a learner's requests.
    await award(20);
    await ctx.app.settleLearnerChanges();
    expect(await navbar()).toMatchObject({ user_points: 20, user_strike: 1 });
    ctx.clock.advance(86_400_000);
    await award(5);
    await ctx.app.settleLearnerChanges();
    expect(await navbar()).toMatchObject({ user_points: 25, user_strike: 2 });
    ctx.clock.set(new Date('2026-08-12T14:59:00Z')); // 23:59 on the 12th in Tokyo: yesterday's run still counts
    expect(await navbar()).toMatchObject({ user_points: 25, user_strike: 2 });
    ctx.clock.set(new Date('2026-08-12T15:01:00Z')); // 00:01 on the 13th in Tokyo
    expect(await navbar()).toMatchObject({ user_points: 25, user_strike: 0 });
    ctx.clock.set(new Date());
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await ctx.app.inject({ url: '/api/navbar/' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ url: '/api/navbar/', headers: { authorization: 'Bearer x' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('one learner cannot reach another', () => {
  it('reads and edits only the token holder, whatever id the body carries', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const asBob = await ctx.app.inject({ url: '/api/users/profile/', headers: bob.headers });
    expect(asBob.json().id).toBe(bob.user.id);
    const sneaky = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bob.headers,
      payload: { id: alice.user.id, first_name: 'Bob' },
    });
    expect(sneaky.statusCode).toBe(400);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile/',
      headers: bob.headers,
      payload: { first_name: 'Bob' },
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile/update-public/',
      headers: bob.headers,
      payload: { is_public: false },
    });
    expect(await userRow(alice.user.id)).toMatchObject({
      firstName: 'Ada',
      publicProfile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
    });
    expect(await userRow(bob.user.id)).toMatchObject({ firstName: 'Bob' });
  });
});
