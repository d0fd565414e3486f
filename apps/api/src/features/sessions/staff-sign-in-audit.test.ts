import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { login, loginTokens } from '../../../test/accounts.ts';
import { enableTwoFactor, loginTicket, nextCode, secondStep } from '../../../test/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_CAPTCHA_IP: '1000/1m' } });
});
afterAll(() => ctx.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const signIns = (userId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'staff.sign_in'), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.seq);

describe('the audit log records staff sign-ins', () => {
  it('with the second factor each passed, the session and the device; a learner signing in writes nothing', async () => {
    const staff = await createUser(ctx.db, { isStaff: true });
    const first = await login(ctx.app, staff.username, staff.password, { 'user-agent': FIREFOX });
    expect(first.statusCode).toBe(200);
    const [passwordOnly] = await ctx.db.select().from(sessions).where(eq(sessions.userId, staff.id));
    expect(await signIns(staff.id)).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorName: staff.username,
        via: 'site',
        ip: '127.0.0.1',
        targetType: 'user',
        targetLabel: staff.username,
        after: { session: passwordOnly!.id, second_factor: 'none', device: 'Firefox 133 on Linux' },
      }),
    ]);

    const { key } = await enableTwoFactor(ctx.app, ctx.clock, `Bearer ${first.json().access}`, staff.password);
    const withCode = await secondStep(
      ctx.app,
      await loginTicket(ctx.app, staff.username, staff.password),
      nextCode(key, ctx.clock),
    );
    expect(withCode.statusCode).toBe(200);
    const rows = await signIns(staff.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.after).toMatchObject({ second_factor: 'totp', device: 'Unknown device' });

    const learner = await createUser(ctx.db);
    await loginTokens(ctx.app, learner.username, learner.password);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, learner.id))).toEqual([]);
  });

  it('writes nothing for a refused sign-in', async () => {
    const staff = await createUser(ctx.db, { isStaff: true });
    expect((await login(ctx.app, staff.username, 'Not-the-password-1')).statusCode).toBe(401);
    expect(await signIns(staff.id)).toEqual([]);
  });
});
