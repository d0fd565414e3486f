import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, securityHeadersPlugin } from './security-headers.ts';

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
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

describe('security headers', () => {
  it('are exactly the ones @fastify/helmet sets with the same options, and a route can still override one', async () => {
    const expected = await headersOf((app) => app.register(fastifyHelmet, HELMET_OPTIONS));
    const actual = await headersOf((app) => app.register(securityHeadersPlugin));
    expect(Object.keys(actual.plain).length).toBeGreaterThan(8);
    expect(actual).toEqual(expected);
    expect(actual.plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(actual.own['content-security-policy']).toBe("default-src 'none'");
  });
});
