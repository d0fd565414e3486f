// Decision 0139: prom-client metrics on the API port, to a bearer of METRICS_TOKEN only.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { count, inArray } from 'drizzle-orm';
import { mailOutbox } from '@bastion/db';
import { NotFound } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry GET /api/metrics/ serves, for a domain's own figures; null without METRICS_TOKEN. */
    metrics: Registry | null;
  }
}

const METRICS_PATH = '/api/metrics/';
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus figures of this instance at GET /api/metrics/, for a scraper holding METRICS_TOKEN (bearer);
 * without the setting, or the token, the path answers 404 like any unknown one. Requests are labelled by route pattern
 * (never by raw path, so ids do not explode the series), method and status.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  const expected = digest(`Bearer ${token}`);
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry, prefix: 'bastion_' });

  const duration = new Histogram({
    name: 'bastion_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'bastion_http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'bastion_throttled_requests_total',
    help: 'Requests refused by a rate limit (429), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'bastion_mail_queue_depth',
    help: 'Mails waiting to be sent (pending or being sent).',
    registers: [registry],
    async collect() {
      const [row] = await app.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'sending']));
      this.set(row?.n ?? 0);
    },
  });
  const pool = app.database.poolStats?.bind(app.database);
  if (pool) {
    new Gauge({
      name: 'bastion_db_pool_connections',
      help: 'Database pool connections: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const status = reply.statusCode;
    duration.observe({ route, method: request.method, status: String(status) }, reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ route });
    if (status === 429) throttled.inc({ route });
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Without the token the path is as unknown as any other: nothing tells the public it exists.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw new NotFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
