// Decision 0031: mail goes through a table-backed queue, written in the transaction of its event.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, rowsOf, type Db, type Executor } from '@bastion/db';
import type { MailTransport } from './mail.transport.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

const MAX_ATTEMPTS = 8;
const CLAIM_SECONDS = 120;
const BATCH = 10;

/** Adds a mail to the queue; pass the request's transaction so mail is sent only if the write commits. */
export async function enqueueMail(executor: Executor, message: MailMessage): Promise<void> {
  await executor.insert(mailOutbox).values(message);
}

/** Back-off: 30 s, 1 m, 2 m, … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A mail's body holds live verification and reset links: once the mail is sent, or failed for good, only
 * what an operator needs stays (recipient, subject, attempts, times, last error).
 */
const FORGET_BODY = sql`text = '', html = null`;

// Decision 0033: a sent or finally failed mail keeps its envelope and status, never its body.
/** Forgets the bodies of mail finished before bodies were dropped on delivery; cheap once done. */
export async function forgetFinishedMailBodies(db: Db): Promise<void> {
  await db.execute(
    sql`update ${mailOutbox} set ${FORGET_BODY} where status in ('sent', 'failed') and (text <> '' or html is not null)`,
  );
}

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  attempts: number;
};

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED so any number of instances can run this;
 * a failed send is retried later, and a claim that dies with its instance expires after CLAIM_SECONDS.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
): Promise<number> {
  const rows = await rowsOf<ClaimedRow>(
    db,
    sql`
    update ${mailOutbox} set status = 'sending', locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    )
    returning id, "to", subject, text, html, reply_to, attempts`,
  );
  for (const row of rows) {
    try {
      await transport.send({
        id: row.id,
        to: row.to,
        from,
        subject: row.subject,
        text: row.text,
        html: row.html,
        replyTo: row.reply_to,
      });
      await db.execute(sql`
        update ${mailOutbox} set status = 'sent', sent_at = now(), locked_until = null, last_error = null, ${FORGET_BODY}
        where id = ${row.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= MAX_ATTEMPTS;
      log.warn(
        { mailId: row.id, attempts: row.attempts, err: message },
        failed ? 'mail failed for good' : 'mail send failed; will retry',
      );
      await db.execute(sql`
        update ${mailOutbox} set status = ${failed ? 'failed' : 'pending'}, locked_until = null, last_error = ${message.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})${failed ? sql`, ${FORGET_BODY}` : sql``}
        where id = ${row.id}`);
    }
  }
  return rows.length;
}
