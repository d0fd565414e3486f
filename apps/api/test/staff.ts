import { twoFactor } from '@bastion/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestAppOptions, type TestContext } from './harness.ts';
import { authHeader, createUser, type TestUser } from './fixtures.ts';

export interface SignedIn extends TestUser {
  authorization: string;
}

/**
 * A signed-in account; with `staff`, a staff account, and with `twoFactor` (the default for staff) with it on.
 * With two-factor sign-in on, the session passed a second factor (a TOTP code) unless `secondFactor` says
 * otherwise (null: the password alone). Staff are owners unless `owner` is false.
 */
export async function signedIn(
  ctx: Pick<TestContext, 'app' | 'db'>,
  options: { staff?: boolean; twoFactor?: boolean; owner?: boolean; secondFactor?: 'totp' | 'recovery' | null } = {},
): Promise<SignedIn> {
  const staff = options.staff ?? false;
  const user = await createUser(ctx.db, { isStaff: staff, isOwner: staff && (options.owner ?? true) });
  const withTwoFactor = options.twoFactor ?? staff;
  if (withTwoFactor) {
    await ctx.db.insert(twoFactor).values({ userId: user.id, secret: 'sealed-key', enabledAt: new Date() });
  }
  const secondFactor = options.secondFactor === undefined ? (withTwoFactor ? 'totp' : null) : options.secondFactor;
  const { authorization } = await authHeader(ctx.app, user.id, { secondFactor });
  return { ...user, authorization };
}

/** A staff member (an owner) with two-factor sign-in on, signed in with a code: what the operator console admits. */
export const signedInStaff = (ctx: Pick<TestContext, 'app' | 'db'>) => signedIn(ctx, { staff: true });

export interface ConsoleTest {
  ctx: TestContext;
  staff: SignedIn;
  /** A console call as the staff member. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** A test file's app and staff member (with two-factor sign-in on), made before its tests and closed after. */
export function consoleTest(options: TestAppOptions = {}): ConsoleTest {
  const state = {} as ConsoleTest;
  beforeAll(async () => {
    state.ctx = await createTestApp(options);
    state.staff = await signedInStaff(state.ctx);
  });
  afterAll(() => state.ctx.close());
  state.call = (method, url, payload) =>
    state.ctx.app.inject({ method, url, payload, headers: { authorization: state.staff.authorization } });
  return state;
}
