import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_CHANGES_CHANNEL, notifications, sessions, users, type Database } from '@bastion/db';
import type { App } from '../app.ts';
import { createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import { authHeader, createUser } from '../../test/fixtures.ts';
import { loginTokens, post } from '../../test/accounts.ts';

/** Two instances on one database: what one caches of a learner follows changes made anywhere. */
let ctx: TestContext;
let peer: App;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_LOGIN_USER: '100/15m' } });
  peer = await createPeerApp(ctx);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

const get = (app: App, url: string, authorization: string) =>
  app.inject({ method: 'GET', url, headers: { authorization } });
const navbarPoints = async (app: App, authorization: string) =>
  (await get(app, '/api/navbar/', authorization)).json().user_points;
const unreadCount = async (app: App, authorization: string) =>
  (await get(app, '/api/notifications/list/', authorization)).json().unread_count;

describe('learner change announcements', () => {
  it('name, once committed, the learners whose account, sessions or notifications changed', async () => {
    const payloads: string[] = [];
    const stop = await ctx.database.listen(LEARNER_CHANGES_CHANNEL, {
      message: (payload) => payloads.push(payload),
      state: () => undefined,
    });
    let marks = 0;
    // Everything committed before the mark arrives first: the announcements come in commit order.
    const received = async () => {
      const mark = `mark:${(marks += 1)}`;
      await ctx.db.execute(sql`select pg_notify(${LEARNER_CHANGES_CHANNEL}, ${mark})`);
      while (!payloads.includes(mark)) await new Promise((resolve) => setTimeout(resolve, 5));
      return payloads.splice(0).filter((payload) => !payload.startsWith('mark:'));
    };
    try {
      const ada = await createUser(ctx.db);
      const bob = await createUser(ctx.db);
      await received();

      await ctx.db.update(users).set({ points: 5 }).where(eq(users.id, ada.id));
      expect(await received()).toEqual([ada.id]);

      await ctx.db
        .transaction(async (tx) => {
          await tx.update(users).set({ points: 6 }).where(eq(users.id, ada.id));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await ctx.db
        .update(users)
        .set({ bio: 'unchanged learners' })
        .where(eq(users.id, sql`gen_random_uuid()`));
      expect(await received()).toEqual([]);

      const note = { title: 'T', message: 'M', type: 'info' as const };
      await ctx.db.insert(notifications).values([
        { ...note, userId: ada.id },
        { ...note, userId: bob.id },
        { ...note, userId: bob.id },
      ]);
      expect((await received()).flatMap((payload) => payload.split(',')).sort()).toEqual([ada.id, bob.id].sort());

      const { sessionId } = await authHeader(ctx.app, bob.id);
      expect(await received()).toEqual([]); // a new session changes nothing anyone cached
      await ctx.db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
      expect(await received()).toEqual([]); // nor does its last use (migration 0022)
      await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      expect(await received()).toEqual([bob.id]);

      const many = await Promise.all(Array.from({ length: 101 }, () => createUser(ctx.db)));
      await received();
      await ctx.db
        .update(users)
        .set({ points: 1 })
        .where(
          inArray(
            users.id,
            many.map((user) => user.id),
          ),
        );
      expect(await received()).toEqual(['*']);
    } finally {
      await stop();
    }
  });
});

describe('an instance caching a learner', () => {
  it('follows a change committed by another instance or straight in the database', async () => {
    const user = await createUser(ctx.db);
    const { authorization } = await authHeader(ctx.app, user.id);
    expect(await navbarPoints(ctx.app, authorization)).toBe(0);
    expect(await unreadCount(ctx.app, authorization)).toBe(0);

    await ctx.db.update(users).set({ points: 40 }).where(eq(users.id, user.id));
    await ctx.db.insert(notifications).values({ userId: user.id, title: 'T', message: 'M', type: 'info' });
    await ctx.app.settleLearnerChanges();
    expect(await navbarPoints(ctx.app, authorization)).toBe(40);
    expect(await unreadCount(ctx.app, authorization)).toBe(1);

    const markAll = await peer.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-as-read/',
      headers: { authorization },
    });
    expect(markAll.statusCode).toBe(200);
    await ctx.app.settleLearnerChanges();
    expect(await unreadCount(ctx.app, authorization)).toBe(0);
  });

  it('refuses a session at once after it was ended on another instance', async () => {
    const user = await createUser(ctx.db);
    const tokens = await loginTokens(ctx.app, user.username, user.password);
    const authorization = `Bearer ${tokens.access}`;
    expect((await get(ctx.app, '/api/navbar/', authorization)).statusCode).toBe(200);

    expect((await post(peer, '/api/users/logout/', { refresh: tokens.refresh })).statusCode).toBe(200);
    await ctx.app.settleLearnerChanges();
    const after = await get(ctx.app, '/api/navbar/', authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'token_not_valid' });
  });

  describe('on the instance that made the change, before any announcement arrives', () => {
    // Hears its own heartbeat, so it caches, but none of the database's announcements: only what the
    // instance does itself can keep it exact (on PostgreSQL an announcement comes a moment after the commit).
    let late: App;
    beforeAll(async () => {
      late = await createPeerApp(ctx, {
        ...ctx.database,
        listen: (channel, handlers) =>
          ctx.database.listen(channel, {
            ...handlers,
            message: (payload) => payload.startsWith('settle:') && handlers.message(payload),
          }),
      });
    });
    afterAll(() => late.close());

    it("reads back the learner's own change", async () => {
      const user = await createUser(ctx.db);
      const { authorization } = await authHeader(late, user.id);
      await ctx.db.insert(notifications).values({ userId: user.id, title: 'T', message: 'M', type: 'info' });
      expect(late.learnerChanges.listening).toBe(true);
      expect(await unreadCount(late, authorization)).toBe(1);
      const markAll = await late.inject({
        method: 'POST',
        url: '/api/notifications/mark-all-as-read/',
        headers: { authorization },
      });
      expect(markAll.statusCode).toBe(200);
      expect(await unreadCount(late, authorization)).toBe(0);
    });

    it('refuses the access token of a session it has just ended', async () => {
      const user = await createUser(ctx.db);
      const tokens = await loginTokens(late, user.username, user.password);
      const authorization = `Bearer ${tokens.access}`;
      expect((await get(late, '/api/navbar/', authorization)).statusCode).toBe(200);
      expect((await post(late, '/api/users/logout/', { refresh: tokens.refresh })).statusCode).toBe(200);
      expect((await get(late, '/api/navbar/', authorization)).statusCode).toBe(401);
    });
  });

  it('reads everything from the database while announcements do not arrive', async () => {
    // Connected, as far as it can tell, but deaf: as behind a pooler that drops LISTEN.
    const deaf: Database = {
      ...ctx.database,
      async listen(_channel, handlers) {
        handlers.state(true);
        return async () => handlers.state(false);
      },
    };
    const app = await createPeerApp(ctx, deaf);
    try {
      expect(app.learnerChanges.listening).toBe(false);
      const user = await createUser(ctx.db);
      const { authorization } = await authHeader(app, user.id);
      expect(await navbarPoints(app, authorization)).toBe(0);
      await ctx.db.update(users).set({ points: 9 }).where(eq(users.id, user.id));
      expect(await navbarPoints(app, authorization)).toBe(9);
      await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect((await get(app, '/api/navbar/', authorization)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
