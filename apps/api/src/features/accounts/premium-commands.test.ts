import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { grantPremium, revokePremium } from './users.service.ts';

const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const premiumSourceOf = async (userId: string) =>
  (await ctx.db.select({ premiumSource: users.premiumSource }).from(users).where(eq(users.id, userId)))[0]!
    .premiumSource;
const inbox = (userId: string) =>
  ctx.db
    .select({ title: notifications.title, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

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
    expect(await premiumSourceOf(user.id)).toBe('operator');

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
