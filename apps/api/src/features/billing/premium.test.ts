import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { grantPremium, revokePremium } from '../accounts/users.service.ts';
import { hasPremium } from './premium.ts';
import { expireLapsedPremium } from './premium.service.ts';

const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function premiumOf(userId: string) {
  const [row] = await ctx.db
    .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil, premiumSource: users.premiumSource })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
const inbox = (userId: string) =>
  ctx.db
    .select({ title: notifications.title, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

describe('hasPremium', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  it('is the flag with an open or future end', () => {
    expect(hasPremium({ isPremium: false, premiumUntil: null }, now)).toBe(false);
    expect(hasPremium({ isPremium: false, premiumUntil: new Date('2031-01-01') }, now)).toBe(false);
    expect(hasPremium({ isPremium: true, premiumUntil: null }, now)).toBe(true);
    expect(hasPremium({ isPremium: true, premiumUntil: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(hasPremium({ isPremium: true, premiumUntil: now }, now)).toBe(false);
  });
});

describe('premium expiry sweep', () => {
  it('ends lapsed periods once, tells each learner, and leaves running ones alone', async () => {
    const now = ctx.clock.now();
    const lapsed = await createUser(ctx.db, {
      isPremium: true,
      premiumUntil: new Date(now.getTime() - 1000),
      premiumSource: 'stripe',
    });
    const running = await createUser(ctx.db, { isPremium: true, premiumUntil: new Date(now.getTime() + DAY) });
    const forever = await createUser(ctx.db, { isPremium: true, premiumSource: 'operator' });
    const free = await createUser(ctx.db, { premiumUntil: new Date(now.getTime() - DAY) });

    expect(await ctx.app.premiumExpiry.sweep()).toBeGreaterThanOrEqual(1);
    expect(await premiumOf(lapsed.id)).toEqual({ isPremium: false, premiumUntil: null, premiumSource: null });
    expect(await inbox(lapsed.id)).toEqual([
      { title: 'Premium ended', message: 'Your premium access has ended.', link: '/subscription' },
    ]);
    expect(await ctx.app.premiumExpiry.sweep()).toBe(0);
    expect(await inbox(lapsed.id)).toHaveLength(1);
    for (const user of [running, forever, free]) expect(await inbox(user.id)).toEqual([]);
    expect((await premiumOf(running.id)).isPremium).toBe(true);
    expect((await premiumOf(forever.id)).isPremium).toBe(true);

    // Time passes (the test clock): the running period ends too.
    ctx.clock.advance(DAY);
    try {
      const { authorization } = await authHeader(ctx.app, running.id);
      expect((await ctx.app.inject({ url: '/api/subscription/', headers: { authorization } })).json().is_premium).toBe(
        false,
      );
      await ctx.app.premiumExpiry.sweep();
      expect((await premiumOf(running.id)).isPremium).toBe(false);
      expect((await inbox(running.id)).map((n) => n.message)).toEqual(['Your premium access has ended.']);
    } finally {
      ctx.clock.advance(-DAY);
    }
  });

  it('never claims a learner twice when several instances sweep at once', async () => {
    const past = new Date(ctx.clock.now().getTime() - 60_000);
    const learners = await Promise.all(
      Array.from({ length: 30 }, () => createUser(ctx.db, { isPremium: true, premiumUntil: past })),
    );
    const now = ctx.clock.now();
    const counts = await Promise.all([1, 2, 3, 4].map(() => expireLapsedPremium(ctx.db, now)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    for (const user of learners) expect(await inbox(user.id)).toHaveLength(1);
  });
});

describe('user grant-premium / revoke-premium', () => {
  it('tells the learner when premium starts, is extended and ends; revoking twice tells once', async () => {
    const user = await createUser(ctx.db);
    const now = ctx.clock.now();
    const granted = await grantPremium(ctx.db, user.username, 30, now);
    const until = new Date(now.getTime() + 30 * DAY);
    expect(granted).toMatchObject({ is_premium: true, premium_until: until.toISOString() });
    const extended = await grantPremium(ctx.db, user.username, 7, now);
    expect(extended.premium_until).toBe(new Date(until.getTime() + 7 * DAY).toISOString());
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(await inbox(user.id)).toEqual([
      {
        title: 'Premium activated',
        message: `Premium courses, modules and challenges are open to you until ${day(until)}.`,
        link: '/subscription',
      },
      {
        title: 'Premium extended',
        message: `Your Premium access now runs until ${day(new Date(until.getTime() + 7 * DAY))}.`,
        link: '/subscription',
      },
    ]);
    expect((await premiumOf(user.id)).premiumSource).toBe('operator');

    expect(await revokePremium(ctx.db, user.username, now)).toMatchObject({ is_premium: false, premium_until: null });
    await revokePremium(ctx.db, user.username, now);
    expect((await inbox(user.id)).map((n) => n.title)).toEqual([
      'Premium activated',
      'Premium extended',
      'Premium ended',
    ]);

    await grantPremium(ctx.db, user.username, undefined, now);
    expect((await inbox(user.id)).at(-1)).toMatchObject({
      title: 'Premium activated',
      message: 'Premium courses, modules and challenges are open to you with no end date.',
    });
  });

  it('starts a new period from now when the last one has lapsed', async () => {
    const now = ctx.clock.now();
    const user = await createUser(ctx.db, { isPremium: true, premiumUntil: new Date(now.getTime() - 5 * DAY) });
    const granted = await grantPremium(ctx.db, user.username, 3, now);
    expect(granted.premium_until).toBe(new Date(now.getTime() + 3 * DAY).toISOString());
    expect((await inbox(user.id)).map((n) => n.title)).toEqual(['Premium activated']);
    await expect(grantPremium(ctx.db, user.username, 36_501, now)).rejects.toThrow(
      'days: use a whole number from 1 to 36500.',
    );
  });
});
