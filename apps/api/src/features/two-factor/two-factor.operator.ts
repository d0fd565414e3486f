import type { Db } from '@bastion/db';
import { revokeUserSessions } from '../accounts/users.repository.ts';
import { existingUser } from '../accounts/users.service.ts';
import { mailTwoFactorChange, type MailSite } from './two-factor-mail.ts';
import * as repo from './two-factor.repository.ts';

/** What `user 2fa-reset` prints. */
export interface TwoFactorReset {
  username: string;
  /** False: two-factor sign-in was not on, so nothing but a pending setup was cleared and nobody was mailed. */
  was_enabled: boolean;
  sessions_ended: number;
  mailed: boolean;
}

// Decision 0045: the operator reset deletes key, pending key and codes, revokes every session and mails the owner.
/**
 * The operator's reset of a learner's two-factor sign-in (CLI `user 2fa-reset`, and any operator console):
 * for a learner who lost both the authenticator and the recovery codes, or whose account someone else
 * enrolled. In one transaction it turns it off, removes the recovery codes and any pending key, ends every
 * session (whoever enrolled may hold one) and queues the owner's mail. The ended sessions announce
 * themselves to running servers, which drop them from their caches.
 */
export async function resetTwoFactor(
  db: Db,
  username: string,
  site: MailSite,
  now = new Date(),
): Promise<TwoFactorReset> {
  const user = await existingUser(db, username);
  return db.transaction(async (tx) => {
    const wasEnabled = await repo.isTwoFactorEnabled(tx, user.id);
    await repo.disable(tx, user.id);
    if (!wasEnabled) return { username: user.username, was_enabled: false, sessions_ended: 0, mailed: false };
    const ended = await revokeUserSessions(tx, user.id, now, 'two_factor_reset');
    await mailTwoFactorChange(tx, user, 'reset-by-operator', site, now);
    return { username: user.username, was_enabled: true, sessions_ended: ended, mailed: true };
  });
}
