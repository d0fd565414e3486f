import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MESSAGES } from '@bastion/contract';
import { twoFactor } from '@bastion/db';
import { loginTokens, post } from '../../../test/accounts.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { enableTwoFactor, loginTicket, nextCode, secondStep } from '../../../test/two-factor.ts';
import { routeInventory, urlOf, type InventoryRoute } from '../../../test/route-inventory.ts';
import { signedIn, signedInStaff, type SignedIn } from '../../../test/staff.ts';
import { usersRepoForTests } from '../../../test/users-repo.ts';

let ctx: TestContext;
let adminRoutes: InventoryRoute[];
let learner: SignedIn;
let staffWithout2fa: SignedIn;
let passwordOnlyStaff: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  adminRoutes = routeInventory(ctx.app).filter((route) => route.path.startsWith('/api/admin/'));
  learner = await signedIn(ctx);
  staffWithout2fa = await signedIn(ctx, { staff: true, twoFactor: false });
  passwordOnlyStaff = await signedIn(ctx, { staff: true, secondFactor: null });
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
        'GET /api/admin/audit/export',
        'GET /api/admin/content',
        'GET /api/admin/labs',
        'POST /api/admin/content/dry-run',
        'POST /api/admin/content/import',
        'GET /api/admin/content/items',
        'PUT /api/admin/content/items/:id/override',
        'DELETE /api/admin/content/items/:id/override',
        'GET /api/admin/submissions',
        'GET /api/admin/submissions/export',
        'GET /api/admin/scoreboard',
        'PUT /api/admin/scoreboard',
        'POST /api/admin/scoreboard/adjustments',
        'GET /api/admin/scoreboard/solves',
        'POST /api/admin/scoreboard/removals',
        'POST /api/admin/coupons/batch',
        'GET /api/admin/learners/export',
        'GET /api/admin/inbox/feedback/:id/thread',
        'POST /api/admin/inbox/contact/:id/replies',
        'POST /api/admin/inbox/feedback/:id/notes',
      ]),
    );
    expect(adminRoutes.length).toBeGreaterThan(1);
  });

  it('answers 401 without a token, 403 to a learner, to staff without two-factor sign-in and to a password-only session', async () => {
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
      const passwordOnly = await call(route, passwordOnlyStaff.authorization);
      expect([name, passwordOnly.statusCode, passwordOnly.json()]).toEqual([
        name,
        403,
        { detail: ADMIN_MESSAGES.twoFactorSessionRequired, code: 'two_factor_session_required' },
      ]);
      const asStaff = await call(route, staff.authorization);
      expect([name, asStaff.statusCode]).not.toEqual([name, 401]);
      expect([name, asStaff.statusCode]).not.toEqual([name, 403]);
    }
  });

  it('reads staff status from the database on every request', async () => {
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/me/', headers: { authorization: staff.authorization } });
    expect((await me()).json()).toEqual({ id: staff.id, username: staff.username, is_owner: true });
    await usersRepoForTests.setStaff(ctx.db, staff.id, false);
    expect((await me()).statusCode).toBe(403);
    await usersRepoForTests.setStaff(ctx.db, staff.id, true);
    expect((await me()).statusCode).toBe(200);
  });
});

describe('the console admits only sessions signed in with a second factor', () => {
  const me = (access: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/me/', headers: { authorization: `Bearer ${access}` } });
  const refresh = async (token: string) => {
    const response = await post(ctx.app, '/api/auth/token/refresh/', { refresh: token });
    expect(response.statusCode).toBe(200);
    return response.json() as { access: string; refresh: string };
  };

  it('refuses a password-only session of staff with two-factor sign-in on, also once refreshed', async () => {
    const user = await createUser(ctx.db, { isStaff: true });
    // Signed in with the password alone, before two-factor sign-in was on (as every session was before 0019).
    const tokens = await loginTokens(ctx.app, user.username, user.password);
    await ctx.db.insert(twoFactor).values({ userId: user.id, secret: 'sealed-key', enabledAt: new Date() });
    const refused = { detail: ADMIN_MESSAGES.twoFactorSessionRequired, code: 'two_factor_session_required' };
    const first = await me(tokens.access);
    expect([first.statusCode, first.json()]).toEqual([403, refused]);
    const renewed = await refresh(tokens.refresh);
    const again = await me(renewed.access);
    expect([again.statusCode, again.json()]).toEqual([403, refused]);
    const learners = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/learners/',
      headers: { authorization: `Bearer ${renewed.access}` },
    });
    expect(learners.statusCode).toBe(403);
  });

  it('admits a session signed in with an authenticator code or a recovery code, also once refreshed', async () => {
    const user = await createUser(ctx.db, { isStaff: true });
    const enrolling = await loginTokens(ctx.app, user.username, user.password);
    const { key, recoveryCodes } = await enableTwoFactor(
      ctx.app,
      ctx.clock,
      `Bearer ${enrolling.access}`,
      user.password,
    );
    // The session that turned it on proved the password and a code.
    expect((await me(enrolling.access)).statusCode).toBe(200);

    const withCode = await secondStep(
      ctx.app,
      await loginTicket(ctx.app, user.username, user.password),
      nextCode(key, ctx.clock),
    );
    expect(withCode.statusCode).toBe(200);
    expect((await me(withCode.json().access)).json()).toMatchObject({ id: user.id, username: user.username });
    expect((await me((await refresh(withCode.json().refresh)).access)).statusCode).toBe(200);

    const ticket = await loginTicket(ctx.app, user.username, user.password);
    const withRecovery = await secondStep(ctx.app, ticket, recoveryCodes[0]!);
    expect(withRecovery.statusCode).toBe(200);
    expect((await me(withRecovery.json().access)).statusCode).toBe(200);
  });
});
