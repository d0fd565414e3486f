import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS, type PublicProfileSettings } from '@bastion/contract';
import {
  challengeAttempts,
  challenges,
  dailyActivity,
  moduleEnrollments,
  modules,
  userBadges,
  users,
} from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser, type TestUser } from '../../../test/fixtures.ts';
import {
  completeItem,
  completeModule,
  insertBadge,
  insertChallenge,
  insertModule,
} from '../../../test/badge-fixtures.ts';
import { awardPoints } from '../gamification/points.service.ts';

let ctx: TestContext;
const NOW = new Date('2026-03-10T12:00:00Z');

const SECTIONS = ['points', 'badges', 'challenges', 'module-stats', 'statistics'] as const;
const SETTING: Record<(typeof SECTIONS)[number], keyof PublicProfileSettings> = {
  points: 'show_points',
  badges: 'show_badges',
  challenges: 'show_challenges',
  'module-stats': 'show_module_stats',
  statistics: 'show_statistics',
};
/** Every public path of a profile: the profile itself, basic and each section. */
const PATHS = ['', 'basic/', ...SECTIONS.map((section) => `${section}/`)];

const SECRET_EMAIL = 'owner-secret@example.test';
const SECRET_ZONE = 'Asia/Kathmandu';

let owner: TestUser;
let other: TestUser;
let fixtures: {
  badgeId: string;
  moduleId: string;
  completionId: string;
  attemptId: string;
  challengeId: string;
  courseId: string;
};

async function award(userId: string, points: number, at: Date) {
  await ctx.db.transaction((tx) =>
    awardPoints(tx, { userId, points, reason: 'Test award', sourceType: 'coupon', sourceId: randomUUID() }, at),
  );
}

async function setPublic(userId: string, settings: Partial<PublicProfileSettings>) {
  await ctx.db
    .update(users)
    .set({ publicProfile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, ...settings } })
    .where(eq(users.id, userId));
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const profileUrl = (username: string, path = '') => `/api/users/profile/public/${username}/${path}`;

/** Status, body and every header but the date: what a caller could tell two answers apart by. */
function fingerprint(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

let notFound: ReturnType<typeof fingerprint>;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(NOW);
  owner = await createUser(ctx.db, {
    username: 'ada_public',
    email: SECRET_EMAIL,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    bio: 'Engines and ciphers.',
    timezone: SECRET_ZONE,
    isPremium: true,
    premiumUntil: new Date('2027-01-01T00:00:00Z'),
    premiumSource: 'stripe',
    photoId: randomUUID(),
  });
  other = await createUser(ctx.db, { username: 'bob_other', email: 'bob-secret@example.test' });

  // The owner: points, a badge, a completed challenge, a module in progress and one completed.
  await award(owner.id, 40, new Date('2026-03-09T10:00:00Z'));
  await award(other.id, 90, new Date('2026-03-08T10:00:00Z'));
  const badge = await insertBadge(ctx.db, { kind: 'points', threshold: 100000, points: 0, name: 'Cipher' });
  const hiddenBadge = await insertBadge(ctx.db, { kind: 'points', threshold: 100000, hidden: true });
  await ctx.db.insert(userBadges).values([
    { userId: owner.id, badgeId: badge.id, earnedAt: new Date('2026-03-09T11:00:00Z') },
    { userId: owner.id, badgeId: hiddenBadge.id, earnedAt: new Date('2026-03-09T11:00:00Z') },
    { userId: other.id, badgeId: badge.id, earnedAt: new Date('2026-03-01T11:00:00Z') },
  ]);
  const challenge = await insertChallenge(ctx.db);
  const hiddenChallenge = await insertChallenge(ctx.db);
  await ctx.db.update(challenges).set({ hidden: true }).where(eq(challenges.id, hiddenChallenge.id));
  const unfinished = await insertChallenge(ctx.db);
  const [attempt] = await ctx.db
    .insert(challengeAttempts)
    .values([
      {
        userId: owner.id,
        challengeId: challenge.id,
        completedAt: new Date('2026-03-09T12:00:00Z'),
        pointsEarned: 30,
        firstBlood: true,
      },
      { userId: owner.id, challengeId: hiddenChallenge.id, completedAt: new Date('2026-03-09T12:00:00Z') },
      { userId: owner.id, challengeId: unfinished.id, completedAt: null },
      { userId: other.id, challengeId: unfinished.id, completedAt: new Date('2026-03-02T12:00:00Z') },
    ])
    .returning({ id: challengeAttempts.id });
  const inProgress = await insertModule(ctx.db, { lessons: 3, quizzes: 0, title: 'Shell basics' });
  const done = await insertModule(ctx.db, { lessons: 1, quizzes: 0, title: 'Ciphers' });
  const hiddenModule = await insertModule(ctx.db, { lessons: 1, quizzes: 0 });
  await ctx.db.update(modules).set({ hidden: true }).where(eq(modules.id, hiddenModule.module.id));
  await ctx.db.insert(moduleEnrollments).values([
    { userId: owner.id, moduleId: inProgress.module.id, lastActivityAt: new Date('2026-03-09T09:00:00Z') },
    { userId: owner.id, moduleId: done.module.id, lastActivityAt: new Date('2026-03-08T09:00:00Z') },
    { userId: owner.id, moduleId: hiddenModule.module.id, lastActivityAt: new Date('2026-03-09T09:00:00Z') },
    { userId: other.id, moduleId: hiddenModule.module.id },
  ]);
  await completeItem(ctx.db, owner.id, inProgress.items[0]!.id, new Date('2026-03-09T09:00:00Z'));
  await completeItem(ctx.db, owner.id, done.items[0]!.id, new Date('2026-03-08T09:00:00Z'));
  await completeModule(ctx.db, owner.id, done.module.id, new Date('2026-03-08T09:30:00Z'));
  const [completion] = await ctx.db
    .execute<{ id: string }>(
      sql`select id from module_completions where user_id = ${owner.id} and module_id = ${done.module.id}`,
    )
    .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
  fixtures = {
    badgeId: badge.id,
    moduleId: inProgress.module.id,
    completionId: completion!.id,
    attemptId: attempt!.id,
    challengeId: challenge.id,
    courseId: inProgress.course.id,
  };
  notFound = fingerprint(await get(profileUrl('nobody_here')));
});
afterAll(() => ctx.close());

describe('a public profile, every section shown (the default)', () => {
  it('shows the identity, rank and the sections the owner shows', async () => {
    const response = await get(profileUrl(owner.username));
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(response.json()).toEqual({
      username: 'ada_public',
      first_name: 'Ada',
      last_name: 'Lovelace',
      photo: `/media/avatars/${row!.photoId}.webp`,
      country: 'GB',
      bio: 'Engines and ciphers.',
      date_joined: row!.dateJoined.toISOString(),
      rank: 2,
      sections: ['points', 'badges', 'challenges', 'module_stats', 'statistics'],
    });
    const { sections: _sections, ...basic } = response.json();
    const basicResponse = await get(profileUrl(owner.username, 'basic/'));
    expect(basicResponse.statusCode).toBe(200);
    expect(basicResponse.json()).toEqual(basic);
  });

  it('finds the profile whatever the case of the username, signed in or not', async () => {
    const upper = await get(profileUrl('ADA_PUBLIC'));
    expect(upper.statusCode).toBe(200);
    const { authorization } = await authHeader(ctx.app, other.id);
    const signedIn = await get(profileUrl(owner.username), { authorization });
    expect(signedIn.json()).toEqual(upper.json());
  });

  it('shows points, rank and streak', async () => {
    const response = await get(profileUrl(owner.username, 'points/'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ points: 40, rank: 2, streak: 1, longest_streak: 1 });
  });

  it('pages the visible badges the owner earned, and only theirs', async () => {
    const response = await get(profileUrl(owner.username, 'badges/'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: fixtures.badgeId,
          slug: expect.any(String),
          name: 'Cipher',
          description: expect.any(String),
          image: expect.stringMatching(/^\/media\/badges\//),
          points: 0,
          earned_at: '2026-03-09T11:00:00.000Z',
        },
      ],
    });
    expect((await get(profileUrl(owner.username, 'badges/?page=2'))).statusCode).toBe(404);
    expect((await get(profileUrl(owner.username, 'badges/?page=0'))).statusCode).toBe(400);
  });

  it('lists the completed visible challenges, and only theirs', async () => {
    const response = await get(profileUrl(owner.username, 'challenges/'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: fixtures.attemptId,
        challenge: {
          id: fixtures.challengeId,
          slug: expect.any(String),
          title: 'Test challenge',
          category: 'web',
          difficulty: 'easy',
        },
        completed_at: '2026-03-09T12:00:00.000Z',
        points_earned: 30,
        first_blood: true,
      },
    ]);
  });

  it('pages the enrolled visible modules with progress, most recent first', async () => {
    const response = await get(profileUrl(owner.username, 'module-stats/'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results).toEqual([
      {
        module: {
          id: fixtures.moduleId,
          slug: expect.any(String),
          title: 'Shell basics',
          difficulty: 'easy',
          course: { id: fixtures.courseId, slug: expect.any(String), title: 'Test course' },
        },
        progress: 33,
        completed: false,
        completed_at: null,
        completion_id: null,
      },
      expect.objectContaining({
        progress: 100,
        completed: true,
        completed_at: '2026-03-08T09:30:00.000Z',
        completion_id: fixtures.completionId,
      }),
    ]);
    const paged = (await get(profileUrl(owner.username, 'module-stats/?page=2&page_size=1'))).json();
    expect(paged).toMatchObject({
      count: 2,
      next: null,
      previous: `/api/users/profile/public/${owner.username}/module-stats/?page=1&page_size=1`,
    });
    expect(paged.results[0].completion_id).toBe(fixtures.completionId);
  });

  it('shows counts and a year of activity ending today (UTC)', async () => {
    const response = await get(profileUrl(owner.username, 'statistics/'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.streak).toEqual({ current: 1, longest: 1 });
    expect(body.counts).toEqual({
      lessons_completed: 2,
      quizzes_solved: 0,
      modules_completed: 1,
      courses_completed: 0,
      challenges_completed: 2,
      badges_earned: 1,
    });
    expect(body.activity).toHaveLength(365);
    expect(body.activity.at(-1)).toEqual({ date: '2026-03-10', points: 0 });
    const active = body.activity.filter((day: { points: number }) => day.points > 0);
    const [stored] = await ctx.db.select().from(dailyActivity).where(eq(dailyActivity.userId, owner.id));
    expect(active).toEqual([{ date: stored!.day, points: 40 }]);
    expect(body.active_days).toBe(1);
  });
});

describe('what is never shown', () => {
  const FORBIDDEN_KEY = /email|timezone|time_zone|premium|is_public|show_|password|settings|public_profile|is_staff/i;

  function scan(value: unknown, path: string, found: string[]) {
    if (Array.isArray(value)) value.forEach((entry, index) => scan(entry, `${path}[${index}]`, found));
    else if (value && typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) {
        if (FORBIDDEN_KEY.test(key)) found.push(`${path}.${key}`);
        scan(entry, `${path}.${key}`, found);
      }
    }
  }

  it('has no email, time zone, premium date or setting in any answer', async () => {
    const found: string[] = [];
    for (const path of [...PATHS, 'badges/?page=1', 'module-stats/?page=1&page_size=1']) {
      const response = await get(profileUrl(owner.username, path));
      expect(response.statusCode).toBe(200);
      for (const secret of [SECRET_EMAIL, SECRET_ZONE, '2027-01-01', 'stripe', other.username, 'bob-secret']) {
        expect(response.body).not.toContain(secret);
      }
      scan(response.json(), path || '/', found);
    }
    expect(found).toEqual([]);
  });

  it("never shows another learner's data through the owner's profile (IDOR)", async () => {
    // bob has a badge, a completed challenge and an enrollment the owner does not share in those forms.
    const badges = (await get(profileUrl(owner.username, 'badges/'))).json();
    expect(badges.results.map((b: { earned_at: string }) => b.earned_at)).not.toContain('2026-03-01T11:00:00.000Z');
    const challengesBody = (await get(profileUrl(owner.username, 'challenges/'))).json();
    expect(challengesBody.map((c: { completed_at: string }) => c.completed_at)).not.toContain(
      '2026-03-02T12:00:00.000Z',
    );
    // A private bob stays private whatever path or parameter is tried.
    await setPublic(other.id, { is_public: false });
    for (const path of [...PATHS, 'badges/?page=1', 'module-stats/?page_size=100', `?username=${owner.username}`]) {
      expect(fingerprint(await get(profileUrl(other.username, path)))).toEqual(notFound);
    }
    await setPublic(other.id, {});
  });
});

describe('the one 404', () => {
  it('is {"detail": "Not found."} for an unknown username', () => {
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.body)).toEqual({ detail: 'Not found.' });
  });

  it.each(['x', 'a'.repeat(31), 'bad%20name', '%00', 'ada_public%2F..', 'a'.repeat(300)])(
    'is the same for the malformed username %s, on every path',
    async (username) => {
      for (const path of PATHS) expect(fingerprint(await get(profileUrl(username, path)))).toEqual(notFound);
    },
  );

  it('is the same for a private profile, on every path, with every section shown', async () => {
    await setPublic(owner.id, { is_public: false });
    for (const path of PATHS) expect(fingerprint(await get(profileUrl(owner.username, path)))).toEqual(notFound);
    await setPublic(owner.id, {});
    expect((await get(profileUrl(owner.username))).statusCode).toBe(200);
  });

  it.each([
    ['inactive', { isActive: false }],
    ['unverified', { isVerified: false }],
  ])('is the same for an %s account, on every path', async (_label, change) => {
    await ctx.db.update(users).set(change).where(eq(users.id, owner.id));
    for (const path of PATHS) expect(fingerprint(await get(profileUrl(owner.username, path)))).toEqual(notFound);
    await ctx.db.update(users).set({ isActive: true, isVerified: true }).where(eq(users.id, owner.id));
  });

  it.each(SECTIONS)('is the same for the %s section when the owner hides it, and only for it', async (section) => {
    await setPublic(owner.id, { [SETTING[section]]: false });
    expect(fingerprint(await get(profileUrl(owner.username, `${section}/`)))).toEqual(notFound);
    const main = (await get(profileUrl(owner.username))).json();
    expect(main.sections).not.toContain(section.replace('-', '_'));
    expect(main.sections).toHaveLength(4);
    for (const otherSection of SECTIONS.filter((entry) => entry !== section)) {
      expect((await get(profileUrl(owner.username, `${otherSection}/`))).statusCode).toBe(200);
    }
    expect((await get(profileUrl(owner.username, 'basic/'))).statusCode).toBe(200);
    await setPublic(owner.id, {});
  });

  it('follows the settings changed through PATCH update-public', async () => {
    const { authorization } = await authHeader(ctx.app, owner.id);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile/update-public/',
      headers: { authorization },
      payload: { show_badges: false, show_statistics: false },
    });
    expect(patch.statusCode).toBe(200);
    expect((await get(profileUrl(owner.username))).json().sections).toEqual(['points', 'challenges', 'module_stats']);
    expect(fingerprint(await get(profileUrl(owner.username, 'badges/')))).toEqual(notFound);
    expect(fingerprint(await get(profileUrl(owner.username, 'statistics/')))).toEqual(notFound);
    await setPublic(owner.id, {});
  });

  it('treats stored settings missing a key as the default (shown)', async () => {
    await ctx.db
      .update(users)
      .set({ publicProfile: { is_public: true } as PublicProfileSettings })
      .where(eq(users.id, owner.id));
    expect((await get(profileUrl(owner.username))).json().sections).toHaveLength(5);
    await setPublic(owner.id, {});
  });
});
