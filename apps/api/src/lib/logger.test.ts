import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { redactUrl } from './logger.ts';
import { MAILED_LINK_PAGES, mailedLink, type MailedLinkPurpose } from './mailed-links.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/x/?token=abc', '/api/x/?token=[redacted]'],
    ['/api/x/?page=2&access_token=abc&search=linux', '/api/x/?page=2&access_token=[redacted]&search=linux'],
    [
      '/x?refresh=a&access=b&code=c&password=d',
      '/x?refresh=[redacted]&access=[redacted]&code=[redacted]&password=[redacted]',
    ],
    [
      '/x?client_secret=a&api_key=b&signature=c&uidb64=d',
      '/x?client_secret=[redacted]&api_key=[redacted]&signature=[redacted]&uidb64=[redacted]',
    ],
    ['/x?ReFrEsH_Token=a&%74oken=b&sig=c', '/x?ReFrEsH_Token=[redacted]&%74oken=[redacted]&sig=[redacted]'],
    [
      '/x?ticket=a&state=b&otp=c&session_id=d',
      '/x?ticket=[redacted]&state=[redacted]&otp=[redacted]&session_id=[redacted]',
    ],
    ['/api/users/verify-email/MTIz/abc-def/?x=1', '/api/users/verify-email/[redacted]?x=1'],
    ['/reset-password/MTIz/abc-def', '/reset-password/[redacted]'],
    ['/api/leaderboard/?period=week&page=3', '/api/leaderboard/?period=week&page=3'],
    ['/api/x/?flag&token', '/api/x/?flag&token'],
    ['/unlock/NzJjYjExMDU/tp5d2x-CphfYN2o2_03vPY7', '/unlock/[redacted]'],
    ['/api/users/unlock/', '/api/users/unlock/'],
    ['/api/health/?jwt=eyJhbGciOiJIUzI1NiJ9.SECRET3&page=2', '/api/health/?jwt=[redacted]&page=2'],
    ['/api/x/?t=eyJhbGciOiJIUzI1NiJ9.e30.c2ln&search=eyes', '/api/x/?t=[redacted]&search=eyes'],
    ['/api/x/?eyJhbGciOiJIUzI1NiJ9.e30.c2ln', '/api/x/?[redacted]'],
    ['/api/x/?next=%65yJhbGciOiJIUzI1NiJ9', '/api/x/?next=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each(Object.keys(MAILED_LINK_PAGES) as MailedLinkPurpose[])(
    'logs a mailed %s link without its token',
    (purpose) => {
      const link = new URL(mailedLink('http://bastion.test', purpose, 'NzJjYjEx', 'tp5d2x-SECRET'));
      const logged = redactUrl(link.pathname);
      expect(logged).toBe(`/${MAILED_LINK_PAGES[purpose]}/[redacted]`);
    },
  );
});

describe('request logs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('carry the URL without the value of a token-like query parameter', async () => {
    await ctx.app.inject({ url: '/api/health/?token=tok-3f9a&refresh=ref-77b2&page=2' });
    await ctx.app.inject({ url: '/api/no-such-route/?code=otp-5521&password=pw-9k2' });
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('/api/health/?token=[redacted]&refresh=[redacted]&page=2');
    for (const secret of ['tok-3f9a', 'ref-77b2', 'otp-5521', 'pw-9k2']) expect(logs).not.toContain(secret);
  });

  it('carry an opened unlock link and a JWT in any query parameter without their secrets', async () => {
    await ctx.app.inject({ url: '/unlock/NzJjYjExMDU/tp5d2x-unlock-5ecret' });
    await ctx.app.inject({ url: '/api/health/?jwt=eyJhbGciOiJIUzI1NiJ9.jwt-5ecret' });
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('"/unlock/[redacted]"');
    expect(logs).toContain('/api/health/?jwt=[redacted]');
    for (const secret of ['NzJjYjExMDU', 'unlock-5ecret', 'jwt-5ecret']) expect(logs).not.toContain(secret);
  });
});
