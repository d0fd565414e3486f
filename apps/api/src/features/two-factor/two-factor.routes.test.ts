import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { twoFactor, twoFactorRecoveryCodes } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { post } from '../../../test/accounts.ts';
import { enableTwoFactor, nextCode, totpCode } from '../../../test/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '50/15m' } });
});
afterAll(() => ctx.close());

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, authorization };
}
const status = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/2fa/', headers: { authorization } });

describe('GET /api/users/2fa/ and POST setup/, confirm/', () => {
  it('hands out a pending key with its otpauth URL and QR code, and turns it on with a code of it', async () => {
    const { user, authorization } = await signedIn();
    expect((await status(authorization)).json()).toEqual({ enabled: false, recovery_codes_left: 0, required: false });

    const setup = await post(ctx.app, '/api/users/2fa/setup/', { password: user.password }, { authorization });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Bastion:${user.username}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'Bastion',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The QR code, drawn as a browser would, reads back as the otpauth URL.
    const { data, info } = await sharp(Buffer.from(qr_svg), { density: 300 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(otpauth_url);
    // Pending, and stored sealed: the key itself is nowhere in the row.
    const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row).toMatchObject({ secret: null, enabledAt: null });
    expect(row!.pendingSecret).not.toContain(secret);
    expect((await status(authorization)).json().enabled).toBe(false);

    const password = user.password;
    const wrong = await post(ctx.app, '/api/users/2fa/confirm/', { password, code: '000000' }, { authorization });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });

    const confirm = await post(
      ctx.app,
      '/api/users/2fa/confirm/',
      { password, code: totpCode(secret, ctx.clock.now()) },
      { authorization },
    );
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{4}-[0-9abcdefghjkmnpqrstvwxyz]{4}$/);
    expect((await status(authorization)).json()).toEqual({ enabled: true, recovery_codes_left: 10, required: false });

    // The codes are kept only as hashes; the key is never handed out again.
    const stored = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    const again = await post(ctx.app, '/api/users/2fa/setup/', { password }, { authorization });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MESSAGES.twoFactorAlreadyEnabled });
    const reconfirm = await post(
      ctx.app,
      '/api/users/2fa/confirm/',
      { password, code: nextCode(secret, ctx.clock) },
      { authorization },
    );
    expect(reconfirm.json()).toEqual({ detail: MESSAGES.twoFactorAlreadyEnabled });
  });

  it('confirms only the newest pending key, and nothing without one', async () => {
    const { user, authorization } = await signedIn();
    const { password } = user;
    const none = await post(ctx.app, '/api/users/2fa/confirm/', { password, code: '123456' }, { authorization });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: MESSAGES.twoFactorSetupFirst });

    const first = (await post(ctx.app, '/api/users/2fa/setup/', { password }, { authorization })).json().secret;
    const second = (await post(ctx.app, '/api/users/2fa/setup/', { password }, { authorization })).json().secret;
    expect(second).not.toBe(first);
    const stale = await post(
      ctx.app,
      '/api/users/2fa/confirm/',
      { password, code: totpCode(first, ctx.clock.now()) },
      { authorization },
    );
    expect(stale.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    const fresh = await post(
      ctx.app,
      '/api/users/2fa/confirm/',
      { password, code: totpCode(second, ctx.clock.now()) },
      { authorization },
    );
    expect(fresh.statusCode).toBe(200);
  });

  it('validates the code and requires a signed-in learner', async () => {
    const { user, authorization } = await signedIn();
    for (const code of ['12345', 'abcdef', '1234567', 'abcd-efgh']) {
      const body = { password: user.password, code };
      const response = await post(ctx.app, '/api/users/2fa/confirm/', body, { authorization });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['code']);
    }
    expect((await post(ctx.app, '/api/users/2fa/setup/', { password: user.password })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/2fa/' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/2fa/disable/ and recovery-codes/', () => {
  it('turns it off only with the password and a code', async () => {
    const { user, authorization } = await signedIn();
    const { key, recoveryCodes } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const disable = (body: object) => post(ctx.app, '/api/users/2fa/disable/', body, { authorization });

    const wrongPassword = await disable({ password: 'Not-the-password-1', code: nextCode(key, ctx.clock) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ password: [MESSAGES.wrongCurrentPassword] });
    const wrongCode = await disable({ password: user.password, code: '000000' });
    expect(wrongCode.json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    expect((await disable({ password: user.password })).statusCode).toBe(400);
    expect((await status(authorization)).json().enabled).toBe(true);

    const off = await disable({ password: user.password, code: recoveryCodes[0]!.toUpperCase() });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ detail: MESSAGES.twoFactorDisabled });
    expect((await status(authorization)).json()).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
    expect(await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id))).toHaveLength(0);

    const notOn = await disable({ password: user.password, code: '123456' });
    expect(notOn.json()).toEqual({ detail: MESSAGES.twoFactorNotEnabled });
  });

  it('replaces the recovery codes: the old ones stop working', async () => {
    const { user, authorization } = await signedIn();
    const { key, recoveryCodes } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const replace = (code: string) =>
      post(ctx.app, '/api/users/2fa/recovery-codes/', { password: user.password, code }, { authorization });

    const response = await replace(nextCode(key, ctx.clock));
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await replace(recoveryCodes[1]!)).json()).toEqual({ code: [MESSAGES.twoFactorInvalidCode] });
    // A recovery code proves it once, then counts as used.
    expect((await replace(fresh[0]!.replace('-', ''))).statusCode).toBe(200);
  });

  it('counts wrong passwords and codes against the account (429)', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '2/15m' } });
    try {
      const user = await createUser(limited.db);
      const { authorization } = await authHeader(limited.app, user.id);
      const { key } = await enableTwoFactor(limited.app, limited.clock, authorization, user.password);
      const disable = (body: object) => post(limited.app, '/api/users/2fa/disable/', body, { authorization });
      expect((await disable({ password: 'Not-the-password-1', code: '111111' })).statusCode).toBe(400);
      expect((await disable({ password: user.password, code: '111111' })).statusCode).toBe(400);
      const locked = await disable({ password: user.password, code: nextCode(key, limited.clock) });
      expect(locked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
