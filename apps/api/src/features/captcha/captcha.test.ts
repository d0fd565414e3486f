import { solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSpent } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { solveCaptcha } from '../../../test/captcha.ts';
import { createAltcha, DEFAULT_POW } from './altcha.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_CAPTCHA_IP: '30/1m' } });
});
afterAll(() => ctx.close());

interface WidgetPayload {
  challenge: { parameters: { expiresAt: number; nonce: string }; signature?: string };
  solution: { counter: number; derivedKey: string };
}

const reencode = (token: string, change: (payload: WidgetPayload) => void) => {
  const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as WidgetPayload;
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
};

describe('GET /api/captcha/challenge/', () => {
  it('hands out a signed PBKDF2 challenge in the format of the altcha widget v3, expiring in 5 minutes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyLength: 32 });
    expect(challenge.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    const expiresIn = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(290);
    expect(expiresIn).toBeLessThanOrEqual(300);
  });

  it('signs with a secret derived from, but not equal to, the JWT secret', async () => {
    const token = await solveCaptcha(ctx.app);
    const { challenge, solution } = JSON.parse(Buffer.from(token, 'base64').toString());
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: ctx.config.jwtSecret });
    expect(result).toMatchObject({ verified: false, invalidSignature: true });
  });

  it('is throttled per IP with Retry-After', async () => {
    const throttled = await createTestApp({ env: { RATE_LIMIT_CAPTCHA_IP: '2/1m' } });
    try {
      const get = () => throttled.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      const third = await get();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json()).toEqual({ detail: 'Request was throttled. Please try again later.' });
    } finally {
      await throttled.close();
    }
  });
});

describe('captcha verification (altcha)', () => {
  it('accepts a solved challenge once, recording it as spent', async () => {
    const token = await solveCaptcha(ctx.app);
    expect(await ctx.app.captcha.verify(token, '127.0.0.1')).toBe(true);
    expect(await ctx.app.captcha.verify(token, '127.0.0.1')).toBe(false);
    const spent = await ctx.db.select().from(captchaSpent);
    expect(spent.some((row) => row.key.startsWith('altcha:'))).toBe(true);
  });

  it('refuses forged, tampered, unsolved and test-mode payloads', async () => {
    const token = await solveCaptcha(ctx.app);
    const forged = [
      '',
      'not base64 json',
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      reencode(token, (p) => (p.solution.derivedKey = '00'.repeat(32))),
      reencode(
        token,
        (p) => (p.solution.derivedKey = p.solution.derivedKey.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'))),
      ),
      reencode(token, (p) => (p.challenge.parameters.nonce = '0'.repeat(32))),
      reencode(token, (p) => (p.challenge.signature = 'ab'.repeat(32))),
      reencode(token, (p) => (p.challenge.parameters.expiresAt += 3600)),
      reencode(token, (p) => delete p.challenge.signature),
    ];
    for (const bad of forged) expect(await ctx.app.captcha.verify(bad, '127.0.0.1')).toBe(false);
    expect(await ctx.app.captcha.verify(token, '127.0.0.1')).toBe(true);
  });

  it('refuses a solution after its 5 minutes', async () => {
    const token = await solveCaptcha(ctx.app);
    ctx.clock.advance(5 * 60_000 + 1_000);
    try {
      expect(await ctx.app.captcha.verify(token, '127.0.0.1')).toBe(false);
    } finally {
      ctx.clock.advance(-(5 * 60_000 + 1_000));
    }
  });

  it('keeps the production proof of work modest: solved in Node well under a second on average', async () => {
    const altcha = createAltcha('x'.repeat(48), DEFAULT_POW);
    const challenge: Challenge = await altcha.challenge(new Date());
    const started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(3_000);
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(await altcha.verify(token, new Date())).not.toBeNull();
  });
});
