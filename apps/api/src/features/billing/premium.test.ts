import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
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
