import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { routeInventory, urlOf, type InventoryRoute } from '../../../test/route-inventory.ts';
import { signedIn, signedInStaff, type SignedIn } from '../../../test/staff.ts';
import { usersRepoForTests } from '../../../test/users-repo.ts';

let ctx: TestContext;
let adminRoutes: InventoryRoute[];
let learner: SignedIn;
let staffWithout2fa: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  adminRoutes = routeInventory(ctx.app).filter((route) => route.path.startsWith('/api/admin/'));
  learner = await signedIn(ctx);
  staffWithout2fa = await signedIn(ctx, { staff: true, twoFactor: false });
  staff = await signedInStaff(ctx);
});
afterAll(() => ctx.close());

const call = (route: InventoryRoute, authorization?: string) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, Object.fromEntries(route.pathParams.map((name) => [name, randomUUID()]))),
    headers: authorization ? { authorization } : {},
    // A body that fits no route: the guards answer before it is read.
    ...(route.method === 'GET' ? {} : { payload: { unexpected: true } }),
  });

describe('the authorisation of every /api/admin/ route', () => {
  it('finds the console routes', () => {
    expect(adminRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/audit',
        'GET /api/admin/content',
        'POST /api/admin/content/dry-run',
        'POST /api/admin/content/import',
      ]),
    );
    expect(adminRoutes.length).toBeGreaterThan(1);
  });

  it('answers 401 without a token, 403 to a learner and 403 to staff without two-factor sign-in', async () => {
    for (const route of adminRoutes) {
      const name = `${route.method} ${route.path}`;
      const anonymous = await call(route);
      expect([name, anonymous.statusCode, anonymous.json()]).toEqual([
        name,
        401,
        { detail: MESSAGES.notAuthenticated, code: 'not_authenticated' },
      ]);
      const asLearner = await call(route, learner.authorization);
      expect([name, asLearner.statusCode, asLearner.json()]).toEqual([
        name,
        403,
        { detail: ADMIN_MESSAGES.staffOnly, code: 'staff_only' },
      ]);
      const withoutTwoFactor = await call(route, staffWithout2fa.authorization);
      expect([name, withoutTwoFactor.statusCode, withoutTwoFactor.json()]).toEqual([
        name,
        403,
        { detail: ADMIN_MESSAGES.twoFactorRequired, code: 'two_factor_setup_required' },
      ]);
      const asStaff = await call(route, staff.authorization);
      expect([name, asStaff.statusCode]).not.toEqual([name, 401]);
      expect([name, asStaff.statusCode]).not.toEqual([name, 403]);
    }
  });

  it('reads staff status from the database on every request', async () => {
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/me/', headers: { authorization: staff.authorization } });
    expect((await me()).json()).toEqual({ id: staff.id, username: staff.username });
    await usersRepoForTests.setStaff(ctx.db, staff.id, false);
    expect((await me()).statusCode).toBe(403);
    await usersRepoForTests.setStaff(ctx.db, staff.id, true);
    expect((await me()).statusCode).toBe(200);
  });
});
