import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { notifications } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { NOTIFICATION_MESSAGES, notify } from './notifications.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

/** `n` notifications one minute apart, the last one newest; returns their ids oldest first. */
async function seed(userId: string, n: number, start = new Date('2026-03-01T10:00:00Z')): Promise<string[]> {
  for (let i = 0; i < n; i += 1) {
    await notify(ctx.db, {
      userId,
      title: `Title ${i}`,
      message: `Message ${i}`,
      type: i % 2 === 0 ? 'info' : 'success',
      link: i === 0 ? '/profile' : null,
      createdAt: new Date(start.getTime() + i * 60_000),
    });
  }
  const rows = await ctx.db
    .select({ id: notifications.id, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.id);
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const unreadIn = async (userId: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((row) => !row.isRead)
    .length;

describe('authentication', () => {
  it.each([
    ['GET', '/api/notifications/list/'],
    ['GET', '/api/notifications/all-notifications/'],
    ['GET', `/api/notifications/detail/${randomUUID()}/`],
    ['POST', '/api/notifications/mark-as-read/'],
    ['POST', '/api/notifications/mark-all-as-read/'],
  ])('%s %s answers 401 without a token', async (method, url) => {
    const res = await ctx.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(url.endsWith('mark-as-read/') ? { payload: { uuid: randomUUID() } } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MESSAGES.notAuthenticated, code: 'not_authenticated' });
  });

  it('answers 401 with a bad token', async () => {
    const res = await get('/api/notifications/list/', { authorization: 'Bearer nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MESSAGES.tokenNotValid, code: 'token_not_valid' });
  });
});

describe('GET /api/notifications/list/', () => {
  it('returns the 10 newest with the unread count under both spellings', async () => {
    const { user, headers } = await signedIn();
    const ids = await seed(user.id, 12);
    const res = await get('/api/notifications/list/', headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread_count).toBe(12);
    expect(body.unreadCount).toBe(12);
    expect(body.notifications.map((n: { uuid: string }) => n.uuid)).toEqual(ids.slice(2).reverse());
    expect(body.notifications[9]).toEqual({
      uuid: ids[2],
      title: 'Title 2',
      message: 'Message 2',
      notification_type: 'info',
      created_at: '2026-03-01T10:02:00.000Z',
      is_read: false,
      link: null,
    });
  });

  it('is empty for a learner without notifications', async () => {
    const { headers } = await signedIn();
    const res = await get('/api/notifications/list/', headers);
    expect(res.json()).toEqual({ notifications: [], unread_count: 0, unreadCount: 0 });
  });

  it('never shows another learner’s notifications', async () => {
    const me = await signedIn();
    const other = await signedIn();
    await seed(other.user.id, 3);
    await seed(me.user.id, 1);
    const body = (await get('/api/notifications/list/', me.headers)).json();
    expect(body.notifications).toHaveLength(1);
    expect(body.unread_count).toBe(1);
  });
});

describe('GET /api/notifications/all-notifications/', () => {
  it('pages newest first with next and previous links', async () => {
    const { user, headers } = await signedIn();
    const ids = await seed(user.id, 12);
    const first = (await get('/api/notifications/all-notifications/', headers)).json();
    expect(first.count).toBe(12);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/notifications/all-notifications/?page=2');
    expect(first.results.map((n: { uuid: string }) => n.uuid)).toEqual(ids.slice(2).reverse());

    const second = (await get('/api/notifications/all-notifications/?page=2', headers)).json();
    expect(second.results.map((n: { uuid: string }) => n.uuid)).toEqual([ids[1], ids[0]]);
    expect(second.results[1].link).toBe('/profile');
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/notifications/all-notifications/?page=1');

    const sized = (await get('/api/notifications/all-notifications/?page=3&page_size=5', headers)).json();
    expect(sized.results.map((n: { uuid: string }) => n.uuid)).toEqual([ids[1], ids[0]]);
  });

  it('answers 404 past the last page and 400 for a bad page', async () => {
    const { user, headers } = await signedIn();
    await seed(user.id, 2);
    const past = await get('/api/notifications/all-notifications/?page=2', headers);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Not found.' });
    const bad = await get('/api/notifications/all-notifications/?page=zero', headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['page']);
    expect((await get('/api/notifications/all-notifications/?page_size=101', headers)).statusCode).toBe(400);
  });

  it('answers page 1 of nothing with an empty list', async () => {
    const { headers } = await signedIn();
    const res = await get('/api/notifications/all-notifications/', headers);
    expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('GET /api/notifications/detail/{uuid}/', () => {
  it('returns the learner’s own notification without marking it read', async () => {
    const { user, headers } = await signedIn();
    const [id] = await seed(user.id, 1);
    const res = await get(`/api/notifications/detail/${id}/`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uuid: id,
      title: 'Title 0',
      message: 'Message 0',
      notification_type: 'info',
      created_at: '2026-03-01T10:00:00.000Z',
      is_read: false,
      link: '/profile',
    });
    expect(await unreadIn(user.id)).toBe(1);
  });

  it('answers the same 404 for another learner’s, an unknown and a malformed id', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const [theirs] = await seed(other.user.id, 1);
    for (const id of [theirs, randomUUID(), 'not-a-uuid', '1']) {
      const res = await get(`/api/notifications/detail/${id}/`, me.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('POST /api/notifications/mark-as-read/', () => {
  it('marks one read and returns the new unread count; repeating is harmless', async () => {
    const { user, headers } = await signedIn();
    const [a, b] = await seed(user.id, 2);
    const res = await post('/api/notifications/mark-as-read/', headers, { uuid: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: NOTIFICATION_MESSAGES.markedRead, unread_count: 1 });
    const again = await post('/api/notifications/mark-as-read/', headers, { uuid: a });
    expect(again.json()).toEqual({ detail: NOTIFICATION_MESSAGES.markedRead, unread_count: 1 });
    const [rowA] = await ctx.db.select().from(notifications).where(eq(notifications.id, a!));
    const [rowB] = await ctx.db.select().from(notifications).where(eq(notifications.id, b!));
    expect(rowA!.isRead).toBe(true);
    expect(rowB!.isRead).toBe(false);
    expect((await get('/api/notifications/list/', headers)).json().unread_count).toBe(1);
  });

  it('answers 404 for another learner’s notification and leaves it unread', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const [theirs] = await seed(other.user.id, 1);
    for (const uuid of [theirs, randomUUID()]) {
      const res = await post('/api/notifications/mark-as-read/', me.headers, { uuid });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await unreadIn(other.user.id)).toBe(1);
  });

  it('answers 400 for a missing, malformed or extra field', async () => {
    const { headers } = await signedIn();
    const missing = await post('/api/notifications/mark-as-read/', headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ uuid: ['This field is required.'] });
    const malformed = await post('/api/notifications/mark-as-read/', headers, { uuid: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ uuid: ['Enter a valid notification id.'] });
    const extra = await post('/api/notifications/mark-as-read/', headers, { uuid: randomUUID(), all: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ all: ['Unknown field.'] });
  });
});

describe('POST /api/notifications/mark-all-as-read/', () => {
  it('marks only the learner’s notifications read', async () => {
    const me = await signedIn();
    const other = await signedIn();
    await seed(me.user.id, 3);
    await seed(other.user.id, 2);
    const res = await post('/api/notifications/mark-all-as-read/', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'You have read all notifications.', unread_count: 0 });
    expect(await unreadIn(me.user.id)).toBe(0);
    expect(await unreadIn(other.user.id)).toBe(2);
    const list = (await get('/api/notifications/list/', me.headers)).json();
    expect(list.unread_count).toBe(0);
    expect(list.notifications.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    // Also with an empty JSON body, and when nothing is unread.
    const again = await post('/api/notifications/mark-all-as-read/', me.headers, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().unread_count).toBe(0);
  });
});

describe('notify()', () => {
  it('creates nothing when its transaction rolls back', async () => {
    const { user } = await signedIn();
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, { userId: user.id, title: 'T', message: 'M' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await unreadIn(user.id)).toBe(0);
  });

  it('defaults to type info and no link, in insertion order within a transaction', async () => {
    const { user, headers } = await signedIn();
    await ctx.db.transaction(async (tx) => {
      await notify(tx, { userId: user.id, title: 'first', message: 'M' });
      await notify(tx, { userId: user.id, title: 'second', message: 'M', type: 'warning' });
    });
    const body = (await get('/api/notifications/list/', headers)).json();
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['second', 'first']);
    expect(body.notifications[1]).toMatchObject({ notification_type: 'info', link: null });
    expect(body.notifications[0]).toMatchObject({ notification_type: 'warning' });
  });
});
