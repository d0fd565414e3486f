import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('system routes', () => {
  it('answers health and readiness, with or without the trailing slash', async () => {
    for (const url of ['/api/health/', '/api/health']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes the client configuration', async () => {
    const res = await ctx.app.inject({ url: '/api/config/' });
    expect(res.json()).toEqual({
      version: '1.0.0',
      captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
      payments_enabled: false,
      support_email: 'support@localhost',
      site_url: 'http://bastion.test',
      community: { discord: null, telegram: null, x: null, instagram: null, linkedin: null },
    });
  });

  it("publishes the operator's community links and support address when configured", async () => {
    const configured = await createTestApp({
      env: {
        DISCORD_URL: 'https://discord.gg/bastion',
        TELEGRAM_URL: 'https://t.me/bastion_hq',
        SUPPORT_EMAIL: 'help@example.com',
      },
    });
    try {
      expect((await configured.app.inject({ url: '/api/config/' })).json()).toMatchObject({
        support_email: 'help@example.com',
        community: { discord: 'https://discord.gg/bastion', telegram: 'https://t.me/bastion_hq', x: null },
      });
    } finally {
      await configured.close();
    }
  });

  it('serves the OpenAPI document and its viewer', async () => {
    const doc = await ctx.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/health/');
    const viewer = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(viewer.statusCode);
  });

  it('serves neither the OpenAPI document nor its viewer with API_DOCS off (the production default)', async () => {
    const closed = await createTestApp({ env: { API_DOCS: 'off' } });
    try {
      for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
        const response = await closed.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
      // Still built for the server's own use.
      expect(closed.app.swagger()).toHaveProperty(['paths', '/api/health/']);
    } finally {
      await closed.close();
    }
  });

  it('answers unknown API paths with the contract 404 body', async () => {
    const res = await ctx.app.inject({ url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/health/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
