import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@bastion/db';
import type { App } from '../../app.ts';
import { createPeerApp, createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors.ts';

/**
 * PostgreSQL only: the server goes away under a running app. The app reaches PostgreSQL through a TCP
 * proxy; cutting the proxy drops every open connection and refuses new ones, as a crashed or restarting
 * server (or a lost network) would.
 */
interface Proxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

async function startProxy(target: { host: string; port: number }): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
  };
}

let ctx: TestContext;
let proxy: Proxy;
let proxied: Database;
let app: App;
let authorization: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const result = await ctx.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: Array<{ name: string }> }).rows;
  const direct = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const url = new URL(direct);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.pathname = `/${row!.name}`;
  proxied = await openDatabase({ url: url.toString(), poolSize: 4 });
  app = await createPeerApp(ctx, proxied);
  const user = await createUser(ctx.db);
  ({ authorization } = await authHeader(ctx.app, user.id));
});
afterAll(async () => {
  await proxy.restore().catch(() => undefined);
  await app.close();
  await proxied.close();
  await ctx.close();
});

describe('PostgreSQL going away', () => {
  it('turns readiness and every database call into 503 with Retry-After, and both come back with it', async () => {
    expect((await app.inject({ url: '/api/ready/' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/profile/', headers: { authorization } })).statusCode).toBe(200);

    // A query on the wire when the connection drops fails as a lost connection.
    const inFlight = proxied.db.execute(sql`select pg_sleep(5)`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.cut();
    expect(isDatabaseUnavailable(await inFlight)).toBe(true);

    const ready = await app.inject({ url: '/api/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await app.inject({ url: '/api/health/' })).statusCode).toBe(200);
    for (const url of ['/api/users/profile/', '/api/leaderboard/', '/api/courses/course_list/']) {
      const response = await app.inject({ url, headers: { authorization } });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ detail: expect.stringMatching(/temporarily unavailable/) });
    }

    await proxy.restore();
    expect((await app.inject({ url: '/api/ready/' })).json()).toEqual({ status: 'ready' });
    expect((await app.inject({ url: '/api/users/profile/', headers: { authorization } })).statusCode).toBe(200);
  });
});
