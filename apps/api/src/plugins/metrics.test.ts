import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { mailOutbox } from '@bastion/db';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

const TOKEN = 'a-long-random-scrape-token-0123456789';

describe('GET /api/metrics/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_CONTACT_IP: '1/1h' } });
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/metrics/', headers: authorization ? { authorization } : {} });

  it('answers 404, as an unknown path, without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const response = await scrape(authorization);
      expect([authorization, response.statusCode, response.json()]).toEqual([
        authorization,
        404,
        { detail: 'Not found.' },
      ]);
    }
  });

  it('gives Prometheus the request rate, latency and errors per route, throttle hits, mail queue and process figures', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    await ctx.app.inject({ method: 'GET', url: '/api/courses/course/00000000-0000-4000-8000-000000000000/modules/' });
    const contact = { name: 'Kim', email: 'kim@example.test', subject: 'Hello', message: 'Hi there' };
    await ctx.app.inject({ method: 'POST', url: '/api/contactus/', payload: contact });
    await ctx.app.inject({ method: 'POST', url: '/api/contactus/', payload: contact });
    await ctx.db.insert(mailOutbox).values({ to: 'a@example.test', subject: 's', text: 't', html: 'h' });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /bastion_http_request_duration_seconds_count\{route="\/api\/health\/",method="GET",status="200"\} 1/,
    );
    // By route pattern, never by the raw path.
    expect(text).toContain('route="/api/courses/course/:id/modules/",method="GET",status="401"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/bastion_throttled_requests_total\{route="\/api\/contactus\/"\} 1/);
    const queued = await ctx.db.$count(mailOutbox, inArray(mailOutbox.status, ['pending', 'sending']));
    expect(queued).toBeGreaterThan(0);
    expect(text).toContain(`bastion_mail_queue_depth ${queued}`);
    expect(text).toContain('bastion_process_cpu_seconds_total');
    expect(text).toContain('bastion_nodejs_eventloop_lag_seconds');
    expect(text).toContain('bastion_http_server_errors_total');
  });
});

describe('without METRICS_TOKEN', () => {
  it('refuses a token too short to be secret', () => {
    expect(() => loadConfig({ DATA_DIR: os.tmpdir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 24/,
    );
  });

  it('has no metrics endpoint', async () => {
    const ctx = await createTestApp();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics/' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
