import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { loginFrom, loginTokens, post } from './accounts.ts';
import { createUser } from './fixtures.ts';
import { createPeerApp, createTestApp, type TestContext } from './harness.ts';
import { redisServerPath, startTestRedis, type TestRedis } from './redis-server.ts';

/**
 * Two instances on one database and one Redis, as behind a load balancer (docs/operations.md, "Several
 * instances"): a session ended on one is refused by the other, and throttles count across both.
 */
const redisServer = redisServerPath();
if (!redisServer && process.env.CI === 'true') {
  throw new Error('CI=true: redis-server is missing (apt-get install redis-server; .ci/run installs it)');
}

const WRONG = 'Not-The-Password-99';
const navbar = (app: App, access: string) =>
  app.inject({ method: 'GET', url: '/api/navbar/', headers: { authorization: `Bearer ${access}` } });
const wrongPassword = async (app: App, ip: string, username: string) =>
  (await loginFrom(app, ip, username, WRONG)).statusCode;

describe.skipIf(!redisServer)('two instances on one database and one Redis', () => {
  let redis: TestRedis;
  let clients: Redis[];
  let ctx: TestContext;
  let peer: App;
  beforeAll(async () => {
    redis = await startTestRedis(redisServer!);
    // One connection per instance, configured as apps/api/src/server.ts does, but reconnecting every 50 ms (not
    // backing off up to 2 s) so the test need not wait long for Redis to be back.
    const options = { maxRetriesPerRequest: 2, commandTimeout: 1_000, retryStrategy: () => 50 };
    clients = [0, 1].map(() => new Redis(redis.url, options));
    // Every captcha of this file is fetched from one address.
    ctx = await createTestApp({ redis: clients[0], env: { RATE_LIMIT_CAPTCHA_IP: '1000/1m' } });
    peer = await createPeerApp(ctx, ctx.database, clients[1]);
  });
  afterAll(async () => {
    await peer?.close();
    await ctx?.close();
    for (const client of clients ?? []) client.disconnect();
    await redis?.close();
  });

  const allReady = async () => {
    while (clients.some((client) => client.status !== 'ready')) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('refuses at one a session signed out at the other', async () => {
    const user = await createUser(ctx.db);
    const tokens = await loginTokens(ctx.app, user.username, user.password);
    expect((await navbar(peer, tokens.access)).statusCode).toBe(200); // cached there

    expect((await post(ctx.app, '/api/users/logout/', { refresh: tokens.refresh })).statusCode).toBe(200);
    await peer.settleLearnerChanges();
    expect((await navbar(peer, tokens.access)).json()).toMatchObject({ code: 'token_not_valid' });
  });

  it("refuses at one the learner's other sessions after a password change at the other", async () => {
    const user = await createUser(ctx.db);
    const changing = await loginTokens(ctx.app, user.username, user.password);
    const other = await loginTokens(ctx.app, user.username, user.password);
    expect((await navbar(ctx.app, other.access)).statusCode).toBe(200);

    const changed = await post(
      peer,
      '/api/users/change_password/',
      {
        old_password: user.password,
        new_password1: 'Copper-Meadow-Sparrow-8',
        new_password2: 'Copper-Meadow-Sparrow-8',
      },
      { authorization: `Bearer ${changing.access}` },
    );
    expect(changed.statusCode).toBe(200);
    await ctx.app.settleLearnerChanges();
    expect((await navbar(ctx.app, other.access)).statusCode).toBe(401);
    expect((await navbar(ctx.app, changing.access)).statusCode).toBe(200);
  });

  it('counts wrong passwords across instances: after ten at one, the other refuses the eleventh', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++)
      expect(await wrongPassword(i % 2 ? peer : ctx.app, '192.0.2.10', user.username)).toBe(401);
    expect((await loginFrom(peer, '192.0.2.10', user.username, user.password)).statusCode).toBe(429);
    expect((await loginFrom(ctx.app, '192.0.2.10', user.username, user.password)).statusCode).toBe(429);
  });

  it('keeps answering while Redis is down, each instance counting alone, and counts across them once it is back', async () => {
    const user = await createUser(ctx.db);
    await redis.stop();
    for (let i = 0; i < 10; i++) expect(await wrongPassword(ctx.app, '192.0.2.20', user.username)).toBe(401);
    expect(await wrongPassword(ctx.app, '192.0.2.20', user.username)).toBe(429);
    expect(await wrongPassword(peer, '192.0.2.20', user.username)).toBe(401);
    // ioredis reports the lost server at its first failed reconnect, which may come after these requests.
    await vi.waitFor(() => expect(ctx.logs.join('')).toContain('Redis is unreachable'), { timeout: 10_000 });

    await redis.start();
    await allReady();
    const again = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) expect(await wrongPassword(ctx.app, '192.0.2.21', again.username)).toBe(401);
    expect(await wrongPassword(peer, '192.0.2.21', again.username)).toBe(429);
    expect(ctx.logs.join('')).toContain('Redis is reachable again');
  });
});
