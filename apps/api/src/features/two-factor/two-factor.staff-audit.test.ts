import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { post } from '../../../test/accounts.ts';
import { enableTwoFactor, nextCode } from '../../../test/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const twoFactorRows = (userId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), like(auditLog.action, '%two_factor')))
    .orderBy(auditLog.seq);

describe('the audit log records a staff account turning two-factor sign-in on and off', () => {
  it('with who, from where, before and after; a learner doing the same writes nothing', async () => {
    const staff = await createUser(ctx.db, { isStaff: true });
    const { authorization } = await authHeader(ctx.app, staff.id);
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, staff.password);
    const off = await post(
      ctx.app,
      '/api/users/2fa/disable/',
      { password: staff.password, code: nextCode(key, ctx.clock) },
      { authorization },
    );
    expect(off.statusCode).toBe(200);
    const common = { actorName: staff.username, via: 'site', ip: '127.0.0.1', targetId: staff.id, targetType: 'user' };
    expect(await twoFactorRows(staff.id)).toEqual([
      expect.objectContaining({
        ...common,
        action: 'staff.enable_two_factor',
        before: { two_factor: false },
        after: { two_factor: true },
      }),
      expect.objectContaining({
        ...common,
        action: 'staff.disable_two_factor',
        before: { two_factor: true },
        after: { two_factor: false },
      }),
    ]);

    const learner = await createUser(ctx.db);
    await enableTwoFactor(ctx.app, ctx.clock, (await authHeader(ctx.app, learner.id)).authorization, learner.password);
    expect(await twoFactorRows(learner.id)).toEqual([]);
  });

  it('writes nothing when the confirmation is refused', async () => {
    const staff = await createUser(ctx.db, { isStaff: true });
    const { authorization } = await authHeader(ctx.app, staff.id);
    expect(
      (await post(ctx.app, '/api/users/2fa/setup/', { password: staff.password }, { authorization })).statusCode,
    ).toBe(200);
    const refused = await post(
      ctx.app,
      '/api/users/2fa/confirm/',
      { password: staff.password, code: '000000' },
      { authorization },
    );
    expect(refused.statusCode).toBe(400);
    expect(await twoFactorRows(staff.id)).toEqual([]);
  });
});
