import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser as insertUser } from '../../../test/fixtures.ts';
import { createAccountLinks, encodeUid } from './account-links.ts';
import { createUser, seedDemo, verifyUser } from './users.service.ts';
import { WELCOME } from '../notifications/notifications.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const welcomes = async (userId: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (row) => row.title === WELCOME.title,
  );

async function row(userId: string) {
  return (await ctx.db.select().from(users).where(eq(users.id, userId)))[0]!;
}

async function link(purpose: 'verify-email' | 'reset-password', userId: string) {
  const token = createAccountLinks(ctx.config.jwtSecret).make(purpose, await row(userId), ctx.clock.now());
  return { uidb64: encodeUid(userId), token };
}

describe('the welcome notification', () => {
  it('arrives once when the emailed link verifies the account', async () => {
    const user = await insertUser(ctx.db, { isVerified: false });
    const { uidb64, token } = await link('verify-email', user.id);
    const url = `/api/users/verify-email/${uidb64}/${token}/`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Opened again, the link says the address is already verified and welcomes no one twice.
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const [welcome, ...rest] = await welcomes(user.id);
    expect(rest).toEqual([]);
    expect(welcome).toMatchObject({ message: WELCOME.message, type: 'success', link: '/courses', isRead: false });
  });

  it('arrives once when an operator verifies the account, and with a verified new account', async () => {
    const user = await insertUser(ctx.db, { isVerified: false });
    expect((await verifyUser(ctx.db, user.username)).is_verified).toBe(true);
    expect((await verifyUser(ctx.db, user.username)).is_verified).toBe(true);
    expect(await welcomes(user.id)).toHaveLength(1);

    const input = { email: 'x@example.test', password: 'a-long-operator-password', firstName: '', lastName: '' };
    const verified = await createUser(ctx.db, { ...input, username: 'verifiedop', country: 'GB', verified: true });
    expect(await welcomes(verified.id)).toHaveLength(1);
    const pending = await createUser(ctx.db, {
      ...input,
      email: 'y@example.test',
      username: 'pendingop',
      country: 'GB',
    });
    expect(await welcomes(pending.id)).toEqual([]);

    const demo = await seedDemo(ctx.db);
    await seedDemo(ctx.db);
    const [demoRow] = await ctx.db.select().from(users).where(eq(users.username, demo.username));
    expect(await welcomes(demoRow!.id)).toHaveLength(1);
  });

  it('arrives when a password reset verifies an unverified account, not for a verified one', async () => {
    const unverified = await insertUser(ctx.db, { isVerified: false });
    const verified = await insertUser(ctx.db);
    for (const user of [unverified, verified]) {
      const { uidb64, token } = await link('reset-password', user.id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/password-reset/confirm/',
        payload: { uidb64, token, new_password1: 'Brand-New-Secret-77', new_password2: 'Brand-New-Secret-77' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await row(unverified.id)).isVerified).toBe(true);
    expect(await welcomes(unverified.id)).toHaveLength(1);
    expect(await welcomes(verified.id)).toEqual([]);
  });
});
