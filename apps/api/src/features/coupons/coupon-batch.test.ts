import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_BATCH_LIMITS, type CouponSummary } from '@bastion/contract';
import { auditLog, coupons } from '@bastion/db';
import { latestAudit } from '../../../test/csv-export.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const batches = () => test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.create_batch'));

async function redeem(code: string) {
  const user = await createUser(test.ctx.db);
  const { authorization } = await authHeader(test.ctx.app, user.id);
  return test.ctx.app.inject({ method: 'POST', url: `/api/coupons/redeem/${code}/`, headers: { authorization } });
}

describe('the console: codes in bulk', () => {
  it('makes a class of 25 single-use upgrade codes, each redeemable once, in one audit record', async () => {
    const response = await test.call('POST', '/api/admin/coupons/batch/', {
      count: 25,
      prefix: 'class7b',
      premium_days: 30,
      expires: '2099-06-30',
    });
    expect(response.statusCode).toBe(201);
    const { count, codes } = response.json() as { count: number; codes: CouponSummary[] };
    expect(count).toBe(25);
    expect(new Set(codes.map((coupon) => coupon.code)).size).toBe(25);
    for (const coupon of codes) {
      expect(coupon.code).toMatch(/^CLASS7B-[A-HJ-NP-Z2-9]{10}$/);
      expect(coupon).toMatchObject({ premium_days: 30, points: 0, max_uses: 1, uses: 0, users: null });
      expect(coupon.expires_at).toBe('2099-06-30T23:59:59.999Z');
    }
    expect(await test.ctx.db.select().from(coupons).where(like(coupons.code, 'CLASS7B-%'))).toHaveLength(25);

    const record = await latestAudit(test.ctx.db, 'coupon.create_batch');
    expect(record).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'coupon_batch',
      targetLabel: '25 upgrade codes CLASS7B-…',
      after: { count: 25, prefix: 'CLASS7B', premium_days: 30, max_uses: 1 },
    });
    expect((record!.after as { codes: string[] }).codes).toEqual(codes.map((coupon) => coupon.code));

    const code = codes[0]!.code.toLowerCase();
    expect((await redeem(code)).statusCode).toBe(200);
    const again = await redeem(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Coupon already used.' });
  });

  it(`makes reward codes without a prefix, up to ${COUPON_BATCH_LIMITS.max} at once`, async () => {
    const response = await test.call('POST', '/api/admin/coupons/batch/', {
      count: COUPON_BATCH_LIMITS.max,
      points: 20,
    });
    expect(response.statusCode).toBe(201);
    const { codes } = response.json() as { codes: CouponSummary[] };
    expect(codes).toHaveLength(COUPON_BATCH_LIMITS.max);
    expect(codes[0]).toMatchObject({ points: 20, premium_days: 0, max_uses: 1 });
    expect(codes[0]!.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect((await latestAudit(test.ctx.db, 'coupon.create_batch'))!.targetLabel).toBe('500 reward codes');
  });

  it('refuses a bad batch with a clear 400 and keeps nothing', async () => {
    const before = (await batches()).length;
    const codesBefore = (await test.ctx.db.select().from(coupons)).length;
    const cases: [object, string, RegExp][] = [
      [{ count: 0, points: 5 }, 'count', /from 1 to 500/],
      [{ count: 501, points: 5 }, 'count', /from 1 to 500/],
      [{ count: 2.5, points: 5 }, 'count', /whole number/],
      [{ points: 5 }, 'count', /whole number of codes/],
      [{ count: 3, points: 5, prefix: 'no spaces!' }, 'prefix', /letters and digits/],
      [{ count: 3, points: 5, prefix: 'A'.repeat(17) }, 'prefix', /up to 16/],
      [{ count: 3, premium_days: 0 }, 'premium_days', /from 1 to/],
    ];
    for (const [body, field, message] of cases) {
      const response = await test.call('POST', '/api/admin/coupons/batch/', body);
      expect([body, response.statusCode]).toEqual([body, 400]);
      expect(response.json()[field]?.[0]).toMatch(message);
    }
    const rules = await test.call('POST', '/api/admin/coupons/batch/', { count: 3 });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().detail).toMatch(/points: use a whole number from 1/);
    const past = await test.call('POST', '/api/admin/coupons/batch/', { count: 3, points: 5, expires: '2001-01-01' });
    expect(past.json().detail).toMatch(/already passed/);
    expect(await batches()).toHaveLength(before);
    expect(await test.ctx.db.select().from(coupons)).toHaveLength(codesBefore);
  });
});
