import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { helmetOptions, securityHeadersPlugin, type Transport } from './security-headers.ts';

type Provider = Config['captcha']['provider'];

/**
 * The headers of a request that arrived over `transport`: over TLS as a proxy that terminates it reports one
 * (`X-Forwarded-Proto: https`, trusted as with TRUST_PROXY=on).
 */
async function headersOf(
  provider: Provider,
  register: (app: ReturnType<typeof Fastify>) => Promise<unknown>,
  transport: Transport = 'https',
) {
  const app = Fastify({ trustProxy: true });
  app.decorate('config', { captcha: { provider } } as Config);
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  const headers = transport === 'https' ? { 'x-forwarded-proto': 'https' } : {};
  const [plain, own] = await Promise.all([
    app.inject({ url: '/x', headers }),
    app.inject({ url: '/own-csp', headers }),
  ]);
  await app.close();
  const pick = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'content-length', 'content-type', 'connection'].includes(name),
      ),
    );
  return { plain: pick(plain.headers), own: pick(own.headers) };
}

const GOOGLE_HOSTS = ['www.google.com', 'www.gstatic.com', 'recaptcha.google.com'];

const CASES = (['altcha', 'recaptcha'] as const).flatMap((provider) =>
  (['https', 'http'] as const).map((transport) => [provider, transport] as const),
);

describe('security headers', () => {
  it.each(CASES)(
    'with %s over %s: exactly the ones @fastify/helmet sets with the same options, and a route can still override one',
    async (provider, transport) => {
      const expected = await headersOf(
        provider,
        (app) => app.register(fastifyHelmet, helmetOptions(provider, [], transport)),
        transport,
      );
      const actual = await headersOf(provider, (app) => app.register(securityHeadersPlugin), transport);
      expect(Object.keys(actual.plain).length).toBeGreaterThan(8);
      expect(actual).toEqual(expected);
      expect(actual.plain['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(actual.own['content-security-policy']).toBe("default-src 'none'");
    },
  );

  it('let Google’s reCAPTCHA hosts load scripts and frames only when reCAPTCHA is the captcha', async () => {
    const directives = async (provider: Provider) => {
      const { plain } = await headersOf(provider, (app) => app.register(securityHeadersPlugin));
      const csp = String(plain['content-security-policy']);
      return Object.fromEntries(csp.split(';').map((directive) => [directive.split(' ')[0], directive]));
    };
    const altcha = await directives('altcha');
    expect(altcha['script-src']).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(altcha['frame-src']).toBe("frame-src 'self'");
    for (const host of GOOGLE_HOSTS) expect(Object.values(altcha).join(';')).not.toContain(host);

    const recaptcha = await directives('recaptcha');
    expect(recaptcha['script-src']).toBe(
      "script-src 'self' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(recaptcha['frame-src']).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
  });

  it('ask to upgrade insecure requests only of a page that arrived over TLS: WebKit upgrades http://localhost too', async () => {
    const csp = async (transport: Transport) =>
      String(
        (await headersOf('altcha', (app) => app.register(securityHeadersPlugin), transport)).plain[
          'content-security-policy'
        ],
      );
    const [overTls, overHttp] = [await csp('https'), await csp('http')];
    expect(overTls.split(';')).toContain('upgrade-insecure-requests');
    // Safari's engine would send this page's scripts and API calls to https://localhost (issue 49): "Load failed".
    expect(overHttp).not.toContain('upgrade-insecure-requests');
    // Nothing else differs.
    expect(overHttp).toBe(overTls.replace('upgrade-insecure-requests;', ''));
  });

  it('trust X-Forwarded-Proto only from a trusted proxy: a client cannot choose the policy', async () => {
    const app = Fastify();
    app.decorate('config', { captcha: { provider: 'altcha' } } as Config);
    await app.register(securityHeadersPlugin);
    app.get('/x', async () => ({ ok: true }));
    const res = await app.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } });
    await app.close();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
