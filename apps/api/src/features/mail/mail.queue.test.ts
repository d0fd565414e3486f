import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { enqueueMail, forgetFinishedMailBodies, retryDelaySeconds } from './mail.queue.ts';
import type { MailTransport, OutgoingMail } from './mail.transport.ts';

/** A transport that fails while `down` is set, like an SMTP server that is unreachable. */
class FlakyTransport implements MailTransport {
  down = true;
  sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail) {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    this.sent.push(mail);
  }
  close() {}
}

let ctx: TestContext;
const transport = new FlakyTransport();
beforeAll(async () => {
  ctx = await createTestApp({ mailTransport: transport });
});
afterAll(() => ctx.close());

describe('mail queue', () => {
  it('keeps mail while the server is down and delivers it once it is back', async () => {
    await enqueueMail(ctx.db, { to: 'ada@example.test', subject: 'Welcome', text: 'Hello http://bastion.test/x' });
    await ctx.app.mail.flush();
    const [waiting] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.test'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('ECONNREFUSED');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    transport.down = false;
    await ctx.app.mail.flush();
    expect(transport.sent).toHaveLength(0);

    await ctx.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await ctx.app.mail.flush();
    expect(transport.sent.map((m) => m.subject)).toEqual(['Welcome']);
    const [sent] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.test'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, subject: 'Welcome' });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent).toMatchObject({ text: '', html: null });
  });

  it('forgets the body of a mail that failed for good, and of mail finished before bodies were dropped', async () => {
    transport.down = true;
    await enqueueMail(ctx.db, { to: 'gone@example.test', subject: 'Reset', text: 'http://bastion.test/r/secret' });
    await ctx.db.update(mailOutbox).set({ attempts: 7 }).where(eq(mailOutbox.to, 'gone@example.test'));
    await ctx.app.mail.flush();
    const [failed] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gone@example.test'));
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, subject: 'Reset', text: '', html: null });
    expect(failed!.lastError).toContain('ECONNREFUSED');

    await ctx.db.insert(mailOutbox).values([
      { to: 'old@example.test', subject: 'Old', text: 'http://bastion.test/v/secret', html: '<a>', status: 'sent' },
      {
        to: 'due@example.test',
        subject: 'Due',
        text: 'http://bastion.test/v/due',
        nextAttemptAt: new Date(Date.now() + 60_000),
      },
    ]);
    await forgetFinishedMailBodies(ctx.db);
    const [old] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'old@example.test'));
    expect(old).toMatchObject({ status: 'sent', subject: 'Old', text: '', html: null });
    const [due] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'due@example.test'));
    expect(due).toMatchObject({ status: 'pending', text: 'http://bastion.test/v/due' });
  });

  it('does not send a mail whose transaction rolled back', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.test', subject: 'Never', text: 'x' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rollback@example.test'))).toEqual([]);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
  });
});
