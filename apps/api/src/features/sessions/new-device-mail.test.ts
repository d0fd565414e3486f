import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { login } from '../../../test/accounts.ts';
import { solveCaptcha } from '../../../test/captcha.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';
import { enableTwoFactor, loginTicket, nextCode, secondStep } from '../../../test/two-factor.ts';

let ctx: TestContext;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_CAPTCHA_IP: '1000/1m' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SUBJECT = 'New sign-in to your Bastion account';

async function signInFrom(username: string, password: string, userAgent: string, ip = '127.0.0.1') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username, password, recaptchaToken: await solveCaptcha(ctx.app) },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
}
async function newSignInMails(email: string) {
  await ctx.app.mail.flush();
  return smtp.to(email).filter((mail) => mail.subject === SUBJECT);
}

describe('new-device sign-in mail', () => {
  it('is not sent on the first sign-in, nor from a device (browser and OS) seen lately, whatever its version or IP', async () => {
    const user = await createUser(ctx.db);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    expect(await newSignInMails(user.email)).toHaveLength(0);
    await signInFrom(user.username, user.password, CHROME_LINUX.replace('131.0.0.0', '133.0.1.2'), '198.51.100.9');
    expect(await newSignInMails(user.email)).toHaveLength(0);
  });

  it("is sent for a device none of the last 90 days' sessions used, with device, IP, time and where to review", async () => {
    const user = await createUser(ctx.db);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    await signInFrom(user.username, user.password, SAFARI_IPHONE, '198.51.100.9');
    const mails = await newSignInMails(user.email);
    expect(mails).toHaveLength(1);
    const { text, html } = mails[0]!;
    expect(text).toContain('Device: Safari 17 on iOS');
    expect(text).toContain('IP address: 198.51.100.9');
    const hour = ctx.clock.now().toISOString().slice(0, 13).replace('T', ' ');
    expect(text).toMatch(new RegExp(`Time: ${hour}:\\d\\d UTC`));
    expect(mails[0]!.links).toContain('http://bastion.test/edit-profile');
    expect(html).toContain('Safari 17 on iOS');

    // Once seen, the phone is known.
    await signInFrom(user.username, user.password, SAFARI_IPHONE);
    expect(await newSignInMails(user.email)).toHaveLength(1);
  });

  it('forgets devices unused for more than 90 days', async () => {
    const user = await createUser(ctx.db);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    ctx.clock.advance(89 * 86_400_000);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    expect(await newSignInMails(user.email)).toHaveLength(0);
    ctx.clock.advance(91 * 86_400_000);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    expect(await newSignInMails(user.email)).toHaveLength(1);
  });

  it('is sent when the second step of a two-factor sign-in completes, not at the password step', async () => {
    const user = await createUser(ctx.db);
    await signInFrom(user.username, user.password, CHROME_LINUX);
    const { authorization } = await authHeader(ctx.app, user.id);
    const { key } = await enableTwoFactor(ctx.app, ctx.clock, authorization, user.password);
    const ticket = await loginTicket(ctx.app, user.username, user.password, { 'user-agent': SAFARI_IPHONE });
    expect(await newSignInMails(user.email)).toHaveLength(0);
    const response = await secondStep(ctx.app, ticket, nextCode(key, ctx.clock), { 'user-agent': SAFARI_IPHONE });
    expect(response.statusCode).toBe(200);
    const mails = await newSignInMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Device: Safari 17 on iOS');
    // A failed sign-in mails nothing.
    expect((await login(ctx.app, user.username, 'Wrong-password-123', { 'user-agent': 'Opera/9.80' })).statusCode).toBe(
      401,
    );
    expect(await newSignInMails(user.email)).toHaveLength(1);
  });
});
