import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import { authHeader, createUser } from '../../test/fixtures.ts';
import { loginTokens, post } from '../../test/accounts.ts';
import { enableTwoFactor, nextCode } from '../../test/two-factor.ts';
import { ALLOWED_BEFORE_TWO_FACTOR } from './auth.ts';

/** REQUIRE_2FA_FOR_STAFF: a staff account without two-factor sign-in may only turn it on. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { REQUIRE_2FA_FOR_STAFF: 'on' } });
});
afterAll(() => ctx.close());

const SETUP_REQUIRED = { detail: MESSAGES.twoFactorSetupRequired, code: 'two_factor_setup_required' };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, authorization: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization }, payload });
const blocked = [
  ['PATCH', '/api/users/profile/', { bio: 'hello' }],
  ['POST', '/api/users/change_password/', { old_password: 'x', new_password1: 'y', new_password2: 'y' }],
  ['GET', '/api/notifications/list/', undefined],
  ['POST', '/api/users/2fa/disable/', { password: 'x', code: '123456' }],
] as const;

describe('REQUIRE_2FA_FOR_STAFF', () => {
  it('lets a staff account without two-factor sign-in see who it is, turn it on and manage sessions, nothing else', async () => {
    const staff = await createUser(ctx.db, { isStaff: true });
    const { authorization } = await authHeader(ctx.app, staff.id);

    for (const [method, url, payload] of blocked) {
      // Twice: the second answer comes from the cached session.
      for (let i = 0; i < 2; i += 1) {
        const response = await call(method, url, authorization, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual(SETUP_REQUIRED);
      }
    }
    for (const url of ['/api/users/profile/', '/api/navbar/', '/api/users/sessions/', '/api/users/sessions']) {
      expect((await call('GET', url, authorization)).statusCode, url).toBe(200);
    }
    const status = await call('GET', '/api/users/2fa/', authorization);
    expect(status.json()).toEqual({ enabled: false, recovery_codes_left: 0, required: true });
    expect((await call('POST', '/api/users/sessions/revoke-others/', authorization)).statusCode).toBe(200);
    const other = await authHeader(ctx.app, staff.id);
    expect((await call('DELETE', `/api/users/sessions/${other.sessionId}/`, authorization)).statusCode).toBe(200);
    // Sign-out and refresh take no bearer token, so they are not held back either.
    const pair = await loginTokens(ctx.app, staff.username, staff.password);
    expect((await post(ctx.app, '/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);

    // Turned on, the same access token may do everything at once.
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, staff.password);
    expect((await call('PATCH', '/api/users/profile/', authorization, { bio: 'hello' })).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/list/', authorization)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/2fa/', authorization)).json()).toMatchObject({
      enabled: true,
      required: true,
    });

    // Turned off again, it is held back again.
    const off = await call('POST', '/api/users/2fa/disable/', authorization, {
      password: staff.password,
      code: nextCode(key, ctx.clock),
    });
    expect(off.statusCode).toBe(200);
    expect((await call('PATCH', '/api/users/profile/', authorization, { bio: 'again' })).json()).toEqual(
      SETUP_REQUIRED,
    );
  });

  it('holds back neither learners who are not staff nor staff when the setting is off', async () => {
    const learner = await createUser(ctx.db);
    const mine = await authHeader(ctx.app, learner.id);
    expect((await call('PATCH', '/api/users/profile/', mine.authorization, { bio: 'hi' })).statusCode).toBe(200);
    expect((await call('GET', '/api/users/2fa/', mine.authorization)).json().required).toBe(false);

    const relaxed = await createTestApp();
    try {
      const staff = await createUser(relaxed.db, { isStaff: true });
      const { authorization } = await authHeader(relaxed.app, staff.id);
      const response = await relaxed.app.inject({
        method: 'PATCH',
        url: '/api/users/profile/',
        headers: { authorization },
        payload: { bio: 'hi' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await relaxed.close();
    }
  });

  it('lets another instance know at once that two-factor sign-in was turned on', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const staff = await createUser(ctx.db, { isStaff: true });
      const { authorization } = await authHeader(ctx.app, staff.id);
      const patchOnPeer = () =>
        peer.inject({ method: 'PATCH', url: '/api/users/profile/', headers: { authorization }, payload: { bio: 'x' } });
      expect((await patchOnPeer()).statusCode).toBe(403);
      expect((await patchOnPeer()).statusCode).toBe(403);
      await enableTwoFactor(ctx.app, ctx.clock, authorization, staff.password);
      await peer.settleLearnerChanges();
      expect((await patchOnPeer()).statusCode).toBe(200);
    } finally {
      await peer.close();
    }
  });

  it('names only routes that exist', () => {
    expect(ctx.app.hasRoute({ method: 'GET', url: '/api/users/no-such-route' })).toBe(false);
    for (const route of ALLOWED_BEFORE_TWO_FACTOR) {
      const [method, url] = route.split(' ') as [string, string];
      // The router keeps paths without their trailing slash (ignoreTrailingSlash).
      expect(ctx.app.hasRoute({ method: method as 'GET', url: url.replace(/\/$/, '') }), route).toBe(true);
    }
  });
});
