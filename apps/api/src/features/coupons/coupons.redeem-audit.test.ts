import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_COUPON: '1000/10m' } });
});
afterAll(() => ctx.close());

async function coupon(code: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(coupons)
    .values({ code, points: 40, ...values })
    .returning();
  return row!;
}
const redeem = async (code: string, userId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/coupons/redeem/${code}/`,
    headers: { authorization: (await authHeader(ctx.app, userId)).authorization },
    remoteAddress: '203.0.113.9',
  });
const rowsFor = (couponId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.targetId, couponId)).orderBy(auditLog.seq);

describe("the audit log records a learner's own code redemption", () => {
  it('with the learner, their address, the code and what it gave', async () => {
    const points = await coupon('AUDIT-POINTS', { points: 40 });
    const upgrade = await coupon('AUDIT-UPGRADE', { points: 0, premiumDays: 30 });
    const learner = await createUser(ctx.db);
    expect((await redeem('audit-points', learner.id)).statusCode).toBe(200);
    expect((await redeem('AUDIT-UPGRADE', learner.id)).statusCode).toBe(200);

    const common = { actorId: learner.id, actorName: learner.username, via: 'learner', ip: '203.0.113.9' };
    expect(await rowsFor(points.id)).toEqual([
      expect.objectContaining({
        ...common,
        action: 'coupon.redeem',
        targetType: 'coupon',
        targetLabel: 'AUDIT-POINTS',
        after: { points: 40 },
      }),
    ]);
    expect(await rowsFor(upgrade.id)).toEqual([
      expect.objectContaining({ ...common, action: 'coupon.redeem', after: { points: 0, premium_days: 30 } }),
    ]);
  });

  it('writes nothing for a refused redemption', async () => {
    const spent = await coupon('AUDIT-SPENT', { maxUses: 1 });
    expect((await redeem('AUDIT-SPENT', (await createUser(ctx.db)).id)).statusCode).toBe(200);
    const late = await createUser(ctx.db);
    expect((await redeem('AUDIT-SPENT', late.id)).statusCode).toBe(400);
    expect((await rowsFor(spent.id)).map((row) => row.actorId)).not.toContain(late.id);
    expect(await rowsFor(spent.id)).toHaveLength(1);
  });
});
