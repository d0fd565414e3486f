import { Writable } from 'node:stream';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Database } from '@bastion/db';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { MailTransport } from '../src/features/mail/mail.transport.ts';
import type { StripeClient } from '../src/features/billing/stripe-client.ts';
import { CHEAP_POW } from './captcha.ts';
import { TestClock } from './clock.ts';
import { testConfig } from './config.ts';
import { openTestDatabase } from './database.ts';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  clock: TestClock;
  config: Config;
  /** Every log line written so far, for asserting what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailTransport?: MailTransport;
  /** Stripe SDK client (give it a fake HTTP client); omitted: built from `env` like the server does. */
  stripe?: StripeClient | null;
  /** Sees each SQL statement the app sends (statement counts). */
  onQuery?: (sql: string) => void;
  /** Throttles count in this Redis (as with REDIS_URL); omitted: in memory. */
  redis?: Redis;
  /** The app's database (closed with it), instead of a fresh copy of the template: e.g. as the server's role. */
  database?: Database;
}

/** Builds the app on a fresh database copied from the migrated template. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-test-'));
  const config = testConfig(dataDir, options.env);
  const database = options.database ?? (await openTestDatabase({ onQuery: options.onQuery }));
  const clock = new TestClock();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    clock,
    mailTransport: options.mailTransport,
    redis: options.redis,
    mailPollMs: 0,
    premiumSweepMs: 0,
    stripe: options.stripe,
    captchaPow: CHEAP_POW,
    leaderboardCacheMs: 0,
    leaderboardUpkeepMs: 0,
    logStream,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    logs,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second API instance on the test app's database, as behind a load balancer (or on `database`, a
 * stand-in for it), counting throttles in `redis` if given. Close it before `ctx`.
 */
export async function createPeerApp(ctx: TestContext, database: Database = ctx.database, redis?: Redis): Promise<App> {
  const app = await buildApp({
    config: ctx.config,
    database,
    redis,
    clock: ctx.clock,
    mailPollMs: 0,
    premiumSweepMs: 0,
    stripe: null,
    captchaPow: CHEAP_POW,
    leaderboardCacheMs: 0,
    leaderboardUpkeepMs: 0,
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  await app.ready();
  return app;
}
