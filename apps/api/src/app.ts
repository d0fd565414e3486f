import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database, Db } from '@bastion/db';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createSerializerCompiler } from './lib/serializer.ts';
import { createThrottle, watchRedis, type Throttle } from './lib/throttle.ts';
import { createLogger, requestLoggerFactory } from './lib/logger.ts';
import { createTokenSigner, type TokenSigner } from './features/sessions/tokens.ts';
import type { MailTransport } from './features/mail/mail.transport.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { learnerChangesPlugin } from './plugins/learner-changes.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { labImagePlugin } from './plugins/lab-image.ts';
import { webPlugin } from './plugins/web.ts';
import { mailPlugin } from './features/mail/mail.plugin.ts';
import { registerFeatures } from './features/index.ts';
import { createStripeClient, type StripeClient } from './features/billing/stripe-client.ts';
import { DEFAULT_POW, type PowCost } from './features/captcha/altcha.ts';
import { LEADERBOARD_MAINTENANCE_MS } from './features/leaderboard/leaderboard.plugin.ts';
import { LEADERBOARD_CACHE_MS } from './features/leaderboard/leaderboard.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    tokens: TokenSigner;
    throttle: Throttle;
    redis: Redis | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  redis?: Redis | null;
  mailTransport?: MailTransport;
  /** Background mail worker poll interval; 0 turns the worker off (tests flush by hand). */
  mailPollMs?: number;
  /** Pino destination (tests capture logs to assert that no secret is logged). */
  logStream?: NodeJS.WritableStream;
  /** Stripe SDK client for premium checkout; built from STRIPE_* when omitted (tests pass one with faked HTTP). */
  stripe?: StripeClient | null;
  /** Premium expiry sweep interval; 0 turns the timer off (tests sweep by hand). */
  premiumSweepMs?: number;
  /** ALTCHA proof of work per challenge (tests use a cheap one); DEFAULT_POW when omitted. */
  captchaPow?: PowCost;
  /** Leaderboard pages kept in memory this long (tests read right after each award: 0). */
  leaderboardCacheMs?: number;
  /** Leaderboard upkeep interval; 0 turns the timer off (tests run the upkeep by hand). */
  leaderboardUpkeepMs?: number;
}

export type App = FastifyInstance;

// Decision 0009: what differs under test comes in as options here; nothing in the apps asks for NODE_ENV.
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, options.logStream) as FastifyBaseLogger,
    childLoggerFactory: requestLoggerFactory,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // A request that reaches a stopping instance on a connection already open is served (with `Connection:
    // close`), not refused with 503: a proxy must not send a POST twice, so refusing it failed the request.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.env !== 'production' }));

  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('redis', options.redis ?? null);
  app.decorate(
    'tokens',
    createTokenSigner(config.jwtSecret, {
      access: config.accessTokenTtlSeconds,
      refresh: config.refreshTokenTtlSeconds,
    }),
  );
  app.decorate('throttle', createThrottle(config.rateLimits, options.redis ?? undefined));
  if (options.redis) watchRedis(options.redis, app.log);

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
  });
  await app.register(docsPlugin);
  await app.register(learnerChangesPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin, { transport: options.mailTransport, pollMs: options.mailPollMs ?? 2_000 });
  await registerFeatures(app, {
    stripe: options.stripe === undefined ? createStripeClient(config) : options.stripe,
    premiumSweepMs: options.premiumSweepMs ?? 60_000,
    captchaPow: options.captchaPow ?? DEFAULT_POW,
    leaderboardCacheMs: options.leaderboardCacheMs ?? LEADERBOARD_CACHE_MS,
    leaderboardUpkeepMs: options.leaderboardUpkeepMs ?? LEADERBOARD_MAINTENANCE_MS,
  });
  await app.register(labImagePlugin);
  await app.register(webPlugin);
  return app as unknown as App;
}
