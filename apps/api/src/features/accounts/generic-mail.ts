import type { Db } from '@bastion/db';
import { enqueueMail, type MailMessage } from '../mail/mail.queue.ts';
import type { LinkSubject } from './account-links.ts';

/**
 * Builds and queues a mail, or builds a decoy one and queues it in a transaction that is rolled back:
 * the caller answers the same body in about the same time whether or not the account exists.
 */
export async function sendOrDiscard(
  db: Db,
  send: boolean,
  real: () => MailMessage,
  decoy: () => MailMessage,
): Promise<void> {
  const message = send ? real() : decoy();
  await db
    .transaction(async (tx) => {
      await enqueueMail(tx, message);
      if (!send) tx.rollback();
    })
    .catch((error: unknown) => {
      if (send) throw error;
    });
}

/** Stands in for a missing account so the same token and mail work is done for it. */
export const DECOY: LinkSubject & { username: string; firstName: string } = {
  id: '00000000-0000-4000-8000-000000000000',
  username: 'nobody',
  firstName: '',
  email: 'nobody@invalid',
  passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$ZGVjb3lkZWNveQ$ZGVjb3lkZWNveWRlY295ZGVjb3k',
  isVerified: false,
  lastLogin: null,
};
