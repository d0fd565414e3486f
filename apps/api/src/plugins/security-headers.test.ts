import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { helmetOptions, securityHeadersPlugin } from './security-headers.ts';

type Provider = Config['captcha']['provider'];

async function headersOf(provider: Provider, register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  app.decorate('config', { captcha: { provider } } as Config);
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  const [plain, own] = await Promise.all([app.inject({ url: '/x' }), app.inject({ url: '/own-csp' })]);
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

describe('security headers', () => {
  it.each<Provider>(['altcha', 'recaptcha'])(
    'with %s: exactly the ones @fastify/helmet sets with the same options, and a route can still override one',
    async (provider) => {
      const expected = await headersOf(provider, (app) => app.register(fastifyHelmet, helmetOptions(provider)));
      const actual = await headersOf(provider, (app) => app.register(securityHeadersPlugin));
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
});
