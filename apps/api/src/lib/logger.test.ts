import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createLogger, redactUrl, requestLoggerFactory } from './logger.ts';
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

describe("a request's logger", () => {
  function capture(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { logger: createLogger(level, stream), lines };
  }

  it('is made only when it writes, and writes what the child would', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'req-7' }, {});
    log.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'not written');
    log.debug('not written');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn({ body: { token: 'tok-5ecret' }, detail: 1 }, 'written');
    log.error('also written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-7', body: { token: '[redacted]' }, detail: 1, msg: 'written' },
      { level: 50, reqId: 'req-7', msg: 'also written' },
    ]);
  });

  it("takes a level of its own, and a route's level from the start", () => {
    const { logger, lines } = capture('warn');
    const log = requestLoggerFactory(logger, { reqId: 'req-8' }, {});
    log.level = 'debug';
    log.debug('now written');
    const quiet = requestLoggerFactory(logger, { reqId: 'req-9' }, { level: 'error' });
    quiet.warn('not written');
    expect(quiet.level).toBe('error');
    log.child({ part: 'x' }).info('from a child');
    expect(lines).toMatchObject([
      { level: 20, reqId: 'req-8', msg: 'now written' },
      { level: 30, reqId: 'req-8', part: 'x', msg: 'from a child' },
    ]);
    expect(lines).toHaveLength(2);
  });
});
