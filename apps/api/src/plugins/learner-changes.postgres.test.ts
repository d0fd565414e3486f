import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authHeader, createUser } from '../../test/fixtures.ts';

/** PostgreSQL only: the announcements come over one listening connection, which can be lost. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the listening connection', () => {
  it('when lost, stops the caches (no change is missed) and comes back by itself', async () => {
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    const points = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/navbar/', headers: { authorization } })).json().user_points;
    expect(ctx.app.learnerChanges.listening).toBe(true);
    expect(await points()).toBe(0);

    await ctx.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN %'`);
    await until(() => !ctx.app.learnerChanges.listening, 'the listener is reported lost');

    // Nobody hears this change: with the listener down the navbar must read the database.
    await ctx.db.update(users).set({ points: 12 }).where(eq(users.id, user.id));
    expect(await points()).toBe(12);

    await until(() => ctx.app.learnerChanges.listening, 'the listener is back');
    await ctx.db.update(users).set({ points: 13 }).where(eq(users.id, user.id));
    await ctx.app.settleLearnerChanges();
    expect(await points()).toBe(13);
  });
});
