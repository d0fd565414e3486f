import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contactMessages, feedback } from '@bastion/db';
import { createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';

const test = consoleTest();
const { call } = test;

let seeded = 0;

async function seed() {
  seeded += 1;
  const learner = await createUser(test.ctx.db);
  const [low, high] = await test.ctx.db
    .insert(feedback)
    .values([
      {
        userId: learner.id,
        rating: 2,
        content: 'The labs are slow to boot',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        userId: learner.id,
        rating: 5,
        content: 'Loved the crypto course',
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
    ])
    .returning();
  const [message] = await test.ctx.db
    .insert(contactMessages)
    .values({
      name: 'Kim',
      email: 'kim@example.test',
      subject: `Invoice please ${seeded}`,
      message: 'For my employer.',
    })
    .returning();
  return { learner, low: low!, high: high!, message: message! };
}

describe('the console: inbox', () => {
  it('lists feedback with rating, text, learner and date, filtered, and marks it handled once, audited', async () => {
    const { learner, low, high } = await seed();
    const open = await call('GET', '/api/admin/inbox/feedback/');
    expect(open.statusCode).toBe(200);
    expect(open.json().results.slice(0, 2)).toEqual([
      expect.objectContaining({ id: high.id, rating: 5, username: learner.username, handled_at: null }),
      expect.objectContaining({
        id: low.id,
        content: 'The labs are slow to boot',
        created_at: '2026-11-01T10:00:00.000Z',
      }),
    ]);
    expect(
      (await call('GET', '/api/admin/inbox/feedback/?rating=2')).json().results.map((r: { id: string }) => r.id),
    ).toEqual([low.id]);
    expect((await call('GET', '/api/admin/inbox/feedback/?search=crypto')).json().count).toBe(1);

    const handled = await call('POST', `/api/admin/inbox/feedback/${low.id}/handled/`);
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: low.id, handled_by: test.staff.username });
    const [row] = await test.ctx.db.select().from(feedback).where(eq(feedback.id, low.id));
    expect(row!.handledBy).toBe(test.staff.username);
    const again = await call('POST', `/api/admin/inbox/feedback/${low.id}/handled/`);
    expect(again.json().handled_at).toBe(handled.json().handled_at);

    const openIds = (await call('GET', '/api/admin/inbox/feedback/')).json().results.map((r: { id: string }) => r.id);
    expect(openIds).not.toContain(low.id);
    const done = (await call('GET', '/api/admin/inbox/feedback/?status=handled')).json().results;
    expect(done.map((r: { id: string }) => r.id)).toContain(low.id);
    const [audit] = await test.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, low.id))
      .orderBy(desc(auditLog.at));
    expect(audit).toMatchObject({ action: 'inbox.mark_handled', actorId: test.staff.id, targetType: 'feedback' });
  });

  it('lists contact messages and marks one handled', async () => {
    const { message } = await seed();
    const search = `?search=${encodeURIComponent(message.subject)}`;
    const list = await call('GET', `/api/admin/inbox/contact/${search}`);
    expect(list.json().results).toEqual([
      expect.objectContaining({ id: message.id, name: 'Kim', email: 'kim@example.test', subject: message.subject }),
    ]);
    expect((await call('POST', `/api/admin/inbox/contact/${message.id}/handled/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/inbox/contact/${search}`)).json().count).toBe(0);
    expect((await call('GET', `/api/admin/inbox/contact/${search}&status=all`)).json().count).toBe(1);
  });

  it('answers bad filters with field errors and unknown items with 404', async () => {
    const bad = await call('GET', '/api/admin/inbox/feedback/?rating=6&status=closed');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['rating', 'status']);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/admin/inbox/feedback/${missing}/handled/`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/inbox/contact/${missing}/handled/`)).statusCode).toBe(404);
    expect(await test.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, missing))).toEqual([]);
  });

  it('audits every read of the inbox: who, from where, which list and query, and the items shown', async () => {
    const { high, message } = await seed();
    const latestView = async () =>
      (
        await test.ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'inbox.view'))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(1)
      )[0];

    expect((await call('GET', '/api/admin/inbox/feedback/?rating=5')).statusCode).toBe(200);
    const feedbackRead = await latestView();
    expect(feedbackRead).toMatchObject({
      actorId: test.staff.id,
      actorName: test.staff.username,
      via: 'console',
      ip: '127.0.0.1',
      targetType: 'inbox',
      targetLabel: 'feedback',
    });
    expect(feedbackRead!.after).toMatchObject({ query: { rating: 5, page: 1 } });
    expect((feedbackRead!.after as { items: string[] }).items).toContain(high.id);

    expect((await call('GET', '/api/admin/inbox/contact/')).statusCode).toBe(200);
    const contactRead = await latestView();
    expect(contactRead).toMatchObject({ targetType: 'inbox', targetLabel: 'contact', actorId: test.staff.id });
    expect((contactRead!.after as { items: string[] }).items).toContain(message.id);

    // A refused query reads nothing and records nothing.
    const views = async () =>
      (await test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'inbox.view'))).length;
    const before = await views();
    expect((await call('GET', '/api/admin/inbox/feedback/?rating=9')).statusCode).toBe(400);
    expect(await views()).toBe(before);
  });
});
