import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INBOX_THREAD_MESSAGES, type InboxThread } from '@bastion/contract';
import { auditLog, contactMessages, feedback, mailOutbox } from '@bastion/db';
import { latestAudit } from '../../../test/csv-export.ts';
import { createUser } from '../../../test/fixtures.ts';
import { consoleTest } from '../../../test/staff.ts';
import { queuedMails } from '../../../test/two-factor.ts';

const test = consoleTest();
const { call } = test;
let serial = 0;

async function contact(email: string) {
  serial += 1;
  const [row] = await test.ctx.db
    .insert(contactMessages)
    .values({ name: 'Kim', email, subject: `Group rates\n${serial}`, message: 'Do you do classes?\nWe are 25.' })
    .returning();
  return row!;
}

describe('the console: replying from the inbox', () => {
  it('mails a reply to a contact message, keeps it beside the message, marks it handled, and audits it', async () => {
    const address = `kim${Date.now().toString(36)}@example.test`;
    const message = await contact(address);
    const response = await call('POST', `/api/admin/inbox/contact/${message.id}/replies/`, {
      text: '  Yes: 25 seats, one invoice.  ',
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      kind: 'reply',
      author: test.staff.username,
      text: 'Yes: 25 seats, one invoice.',
      mailed_to: address,
    });

    const [mail] = await queuedMails(test.ctx.db, address);
    expect(mail!.subject).toBe(`Re: Group rates ${serial}`);
    expect(mail!.text).toMatch(
      /^Yes: 25 seats, one invoice\.\n\nBastion support\n\nOn .+, you wrote:\n> Do you do classes\?\n> We are 25\.$/,
    );
    const [queued] = await test.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(queued!.replyTo).toBe('support@localhost');

    const [stored] = await test.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(stored).toMatchObject({ handledBy: test.staff.username });
    expect(await latestAudit(test.ctx.db, 'inbox.reply')).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'contact_message',
      targetId: message.id,
      after: { entry_id: entry.id, text: 'Yes: 25 seats, one invoice.', mailed_to: address, handled: true },
    });

    const thread = await call('GET', `/api/admin/inbox/contact/${message.id}/thread/`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toEqual({ reply_to: address, entries: [entry] });
    expect(await latestAudit(test.ctx.db, 'inbox.view')).toMatchObject({
      targetId: message.id,
      after: { thread: [entry.id] },
    });
  });

  it("replies to feedback at the learner's address; a note is kept, never mailed, and audited", async () => {
    const learner = await createUser(test.ctx.db);
    const [item] = await test.ctx.db
      .insert(feedback)
      .values({ userId: learner.id, rating: 2, content: 'Labs are slow' })
      .returning();
    const note = await call('POST', `/api/admin/inbox/feedback/${item!.id}/notes/`, { text: 'Lab health shows it.' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ kind: 'note', mailed_to: null, author: test.staff.username });
    expect(await queuedMails(test.ctx.db, learner.email)).toEqual([]);
    expect(await latestAudit(test.ctx.db, 'inbox.note')).toMatchObject({
      targetType: 'feedback',
      targetId: item!.id,
      after: { entry_id: note.json().id, text: 'Lab health shows it.' },
    });
    const [open] = await test.ctx.db.select().from(feedback).where(eq(feedback.id, item!.id));
    expect(open!.handledAt).toBeNull();

    const reply = await call('POST', `/api/admin/inbox/feedback/${item!.id}/replies/`, { text: 'Faster next week.' });
    expect(reply.statusCode).toBe(201);
    expect((await queuedMails(test.ctx.db, learner.email)).map((mail) => mail.subject)).toEqual([
      'Re: your feedback on Bastion',
    ]);
    const thread = (await call('GET', `/api/admin/inbox/feedback/${item!.id}/thread/`)).json() as InboxThread;
    expect(thread.entries.map((entry) => [entry.kind, entry.text])).toEqual([
      ['note', 'Lab health shows it.'],
      ['reply', 'Faster next week.'],
    ]);
  });

  it('refuses a reply to a sender with no usable address (409), and bad input, keeping and mailing nothing', async () => {
    const message = await contact('not an address');
    const audits = async () => (await test.ctx.db.select().from(auditLog)).length;
    const before = await audits();
    const refused = await call('POST', `/api/admin/inbox/contact/${message.id}/replies/`, { text: 'Hello' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: INBOX_THREAD_MESSAGES.noAddress });
    expect(await queuedMails(test.ctx.db, 'not an address')).toEqual([]);

    const blank = await call('POST', `/api/admin/inbox/contact/${message.id}/notes/`, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: [INBOX_THREAD_MESSAGES.blank] });
    const long = await call('POST', `/api/admin/inbox/contact/${message.id}/notes/`, { text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/admin/inbox/contact/${missing}/notes/`, { text: 'Hi' })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/inbox/feedback/${missing}/thread/`)).statusCode).toBe(404);
    expect(await audits()).toBe(before);

    const thread = (await call('GET', `/api/admin/inbox/contact/${message.id}/thread/`)).json();
    expect(thread).toEqual({ reply_to: null, entries: [] });
    const [stored] = await test.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(stored!.handledAt).toBeNull();
  });
});
