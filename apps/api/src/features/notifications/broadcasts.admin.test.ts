import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications } from '@bastion/db';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const { call } = test;
const notificationsOf = (userId: string) =>
  test.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the console: broadcasts', () => {
  it('sends to one learner, whose bell shows it at once, and records it', async () => {
    const learner = await createUser(test.ctx.db);
    const { authorization } = await authHeader(test.ctx.app, learner.id);
    const menu = () =>
      test.ctx.app.inject({ method: 'GET', url: '/api/notifications/list/', headers: { authorization } });
    expect((await menu()).json().unread_count).toBe(0);

    const sent = await call('POST', '/api/admin/broadcasts/', {
      title: 'Maintenance tonight',
      message: 'Labs are down from 22:00 to 23:00 UTC.',
      type: 'warning',
      username: learner.username.toUpperCase(),
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ notified: 1, title: 'Maintenance tonight', type: 'warning', user: learner.username });
    expect(await notificationsOf(learner.id)).toMatchObject([{ title: 'Maintenance tonight', type: 'warning' }]);
    await test.ctx.app.settleLearnerChanges();
    expect((await menu()).json()).toMatchObject({ unread_count: 1, notifications: [{ title: 'Maintenance tonight' }] });

    const [row] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetLabel, learner.username))
      .orderBy(desc(auditLog.at));
    expect(row).toMatchObject({
      action: 'notification.broadcast',
      actorId: test.staff.id,
      via: 'console',
      targetType: 'user',
    });
  });

  it('sends to every active, verified learner, and lists the history newest first', async () => {
    const verified = await createUser(test.ctx.db);
    const unverified = await createUser(test.ctx.db, { isVerified: false });
    const sent = await call('POST', '/api/admin/broadcasts/', {
      title: 'New course',
      message: 'Cryptography II is out.',
    });
    expect(sent.json()).toMatchObject({ type: 'info', user: null });
    expect(sent.json().notified).toBeGreaterThanOrEqual(2);
    expect(await notificationsOf(verified.id)).toHaveLength(1);
    expect(await notificationsOf(unverified.id)).toHaveLength(0);

    const history = await call('GET', '/api/admin/broadcasts/');
    expect(history.statusCode).toBe(200);
    expect(history.json().results[0]).toMatchObject({
      by: test.staff.username,
      title: 'New course',
      message: 'Cryptography II is out.',
      type: 'info',
      user: null,
      notified: sent.json().notified,
    });
    expect(history.json().results[1]).toMatchObject({ title: 'Maintenance tonight', user: expect.any(String) });
  });

  it("refuses bad input in the service's words, and an unknown learner with 404", async () => {
    const cases: [object, number, RegExp][] = [
      [{ title: ' ', message: 'x' }, 400, /title: use 1 to 200 characters/],
      [{ title: 'x'.repeat(201), message: 'x' }, 400, /title/],
      [{ title: 'Hi', message: 'x', type: 'loud' }, 400, /type: use info, success, warning or error/],
      [{ title: 'Hi', message: 'x', username: 'nobody-such' }, 404, /No user named "nobody-such"/],
    ];
    for (const [body, status, detail] of cases) {
      const response = await call('POST', '/api/admin/broadcasts/', body);
      expect([body, response.statusCode]).toEqual([body, status]);
      expect(response.json().detail).toMatch(detail);
    }
    const typed = await call('POST', '/api/admin/broadcasts/', { title: 5 });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json()).sort()).toEqual(['message', 'title']);
  });
});
