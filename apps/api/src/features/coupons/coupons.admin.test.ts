import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons } from '@bastion/db';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const { call } = test;
const lastAudit = async (label: string) =>
  (await test.ctx.db.select().from(auditLog).where(eq(auditLog.targetLabel, label)).orderBy(desc(auditLog.at)))[0];

describe('the console: reward and upgrade codes', () => {
  it('creates a code with every rule the CLI has, writing the audit row', async () => {
    const only = await createUser(test.ctx.db);
    const response = await call('POST', '/api/admin/coupons/', {
      code: 'spring-26',
      points: 15,
      premium_days: 30,
      required_points: 5,
      expires: '2099-12-31',
      max_uses: 2,
      premium_only: false,
      users: [only.username.toUpperCase()],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      code: 'SPRING-26',
      points: 15,
      premium_days: 30,
      required_points: 5,
      expires_at: '2099-12-31T23:59:59.999Z',
      max_uses: 2,
      uses: 0,
      users: [only.username],
      disabled_at: null,
    });
    const [row] = await test.ctx.db.select().from(coupons).where(eq(coupons.code, 'SPRING-26'));
    expect(row!.allowedUserIds).toEqual([only.id]);
    const audit = await lastAudit('SPRING-26');
    expect(audit).toMatchObject({ action: 'coupon.create', actorId: test.staff.id, via: 'console', targetId: row!.id });
    expect(audit!.after).toMatchObject({ code: 'SPRING-26', premium_days: 30, max_uses: 2 });
  });

  it("refuses what the CLI refuses, in the service's words, and writes no audit row", async () => {
    const cases: [object, number, RegExp][] = [
      [{ code: 'NO-POINTS' }, 400, /points: use a whole number from 1/],
      [{ code: 'x', points: 5 }, 400, /code: use 3 to 32 characters/],
      [{ code: 'PAST-CODE', points: 5, expires: '2001-01-01' }, 400, /already passed/],
      [{ code: 'BAD-DATE', points: 5, expires: '2026-02-30' }, 400, /expires: use an ISO 8601 date/],
      [{ code: 'NOBODY-CODE', points: 5, users: ['no-such-learner'] }, 400, /no user named "no-such-learner"/],
    ];
    for (const [body, status, detail] of cases) {
      const response = await call('POST', '/api/admin/coupons/', body);
      expect([body, response.statusCode]).toEqual([body, status]);
      expect(response.json().detail).toMatch(detail);
    }
    await call('POST', '/api/admin/coupons/', { code: 'TWICE', points: 1 });
    const again = await call('POST', '/api/admin/coupons/', { code: 'twice', points: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Cannot create the reward code: "TWICE" already exists.');
    expect(await lastAudit('NO-POINTS')).toBeUndefined();
    const typed = await call('POST', '/api/admin/coupons/', { code: 'TYPED', points: -1, max_uses: 1.5, users: 'x' });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json()).sort()).toEqual(['max_uses', 'points', 'users']);
  });

  it('refuses numbers past what their columns hold with a field error, never a 500', async () => {
    const edges = [2 ** 31, 3_000_000_000, 2 ** 32, 2 ** 53 - 1];
    const fields = {
      points: 'Enter a whole number of points from 0 to 100000.',
      premium_days: 'Enter a whole number of days from 0 to 3660.',
      required_points: 'Enter a whole number of points from 0 to 2147483647.',
      max_uses: 'Enter a whole number of uses from 0 to 2147483647.',
    };
    for (const [field, message] of Object.entries(fields)) {
      for (const value of edges) {
        const response = await call('POST', '/api/admin/coupons/', { code: 'BIG-NUMBER', points: 1, [field]: value });
        expect([field, value, response.statusCode, response.json()]).toEqual([
          field,
          value,
          400,
          { [field]: [message] },
        ]);
      }
    }
    // The largest of each is accepted.
    const largest = await call('POST', '/api/admin/coupons/', {
      code: 'BIG-NUMBER',
      points: 100_000,
      required_points: 2 ** 31 - 1,
      max_uses: 2 ** 31 - 1,
    });
    expect(largest.statusCode).toBe(201);
    expect(largest.json()).toMatchObject({ points: 100_000, required_points: 2 ** 31 - 1, max_uses: 2 ** 31 - 1 });
  });

  it('lists codes with their uses, shows who redeemed one, and disables it', async () => {
    const created = (await call('POST', '/api/admin/coupons/', { code: 'USED-ONCE', points: 7 })).json();
    const learner = await createUser(test.ctx.db);
    const { authorization } = await authHeader(test.ctx.app, learner.id);
    const redeemed = await test.ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/redeem/used-once/',
      headers: { authorization },
    });
    expect(redeemed.statusCode).toBe(200);

    const list = await call('GET', '/api/admin/coupons/?page_size=100');
    expect(list.statusCode).toBe(200);
    const listed = list.json().results.find((coupon: { code: string }) => coupon.code === 'USED-ONCE');
    expect(listed).toMatchObject({ id: created.id, uses: 1, points: 7 });
    const redeemers = await call('GET', `/api/admin/coupons/${created.id}/redemptions/`);
    expect(redeemers.json()).toEqual([
      { user_id: learner.id, username: learner.username, points: 7, redeemed_at: expect.any(String) },
    ]);

    const disabled = await call('POST', `/api/admin/coupons/${created.id}/disable/`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled_at).not.toBeNull();
    const [row] = await test.ctx.db.select().from(coupons).where(eq(coupons.id, created.id));
    expect(row!.disabledAt).not.toBeNull();
    expect(await lastAudit('USED-ONCE')).toMatchObject({ action: 'coupon.disable', actorId: test.staff.id });
    const other = await createUser(test.ctx.db);
    const refused = await test.ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/redeem/USED-ONCE/',
      headers: { authorization: (await authHeader(test.ctx.app, other.id)).authorization },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('answers 404 for a code that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/admin/coupons/${missing}/disable/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/coupons/${missing}/redemptions/`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/coupons/not-an-id/redemptions/')).statusCode).toBe(404);
  });
});
