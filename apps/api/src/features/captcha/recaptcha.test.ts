import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { createUser } from '../../../test/fixtures.ts';
import { post } from '../../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createCaptchaService } from './captcha.service.ts';
import type { FetchLike } from './recaptcha.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret-key' },
  });
});
afterAll(() => ctx.close());

function fakeGoogle(answer: () => Promise<Response> | Response) {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, body: new URLSearchParams(String(init.body)) });
    return answer();
  };
  return { calls, fetch };
}

const service = (fetch: FetchLike) =>
  createCaptchaService({ db: ctx.db, clock: ctx.clock, config: ctx.config, log: ctx.app.log, fetch });

describe('captcha verification (reCAPTCHA)', () => {
  it('asks Google siteverify with the secret, the token and the client IP, and accepts a token once', async () => {
    const google = fakeGoogle(() => Response.json({ success: true, hostname: 'bastion.test' }));
    const captcha = service(google.fetch);
    expect(await captcha.verify('g-token-1', '203.0.113.7')).toBe(true);
    expect(google.calls[0]!.url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(Object.fromEntries(google.calls[0]!.body)).toEqual({
      secret: 'secret-key',
      response: 'g-token-1',
      remoteip: '203.0.113.7',
    });
    expect(await captcha.verify('g-token-1', '203.0.113.7')).toBe(false);
  });

  it('refuses what Google refuses, and counts an unreachable Google as a refusal', async () => {
    expect(
      await service(
        fakeGoogle(() => Response.json({ success: false, 'error-codes': ['invalid-input-response'] })).fetch,
      ).verify('t2', 'ip'),
    ).toBe(false);
    expect(await service(fakeGoogle(() => new Response('oops', { status: 500 })).fetch).verify('t3', 'ip')).toBe(false);
    expect(await service(fakeGoogle(() => Promise.reject(new Error('ENETUNREACH'))).fetch).verify('t4', 'ip')).toBe(
      false,
    );
    expect(await service(fakeGoogle(() => new Response('not json')).fetch).verify('t5', 'ip')).toBe(false);
    expect(await service(fakeGoogle(() => Response.json({ success: true })).fetch).verify('', 'ip')).toBe(false);
  });

  it('serves no ALTCHA challenge when reCAPTCHA is the provider', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('login with CAPTCHA_PROVIDER=recaptcha', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes the recaptchaToken to Google and signs in only when Google agrees', async () => {
    const user = await createUser(ctx.db);
    let verdict = true;
    const fetchSpy = vi.fn(async () => Response.json({ success: verdict }));
    vi.stubGlobal('fetch', fetchSpy);
    const attempt = (recaptchaToken: string) =>
      post(ctx.app, '/api/users/login/', { username: user.username, password: user.password, recaptchaToken });

    expect((await attempt('google-says-yes')).statusCode).toBe(200);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const replay = await attempt('google-says-yes');
    expect(replay.statusCode).toBe(400);
    verdict = false;
    const refused = await attempt('google-says-no');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: MESSAGES.captchaRequired });
  });
});
