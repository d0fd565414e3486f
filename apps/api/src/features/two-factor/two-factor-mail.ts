import type { Executor } from '@bastion/db';
import { twoFactorChangedMail, type TwoFactorChange } from '../accounts/account-mail.ts';
import type { UserRow } from '../accounts/users.repository.ts';
import { enqueueMail } from '../mail/mail.queue.ts';

/** Where the mails point the owner: the site's address, and who to write to when the change was not theirs. */
export interface MailSite {
  appUrl: string;
  supportEmail: string;
}

/**
 * Queues the owner's mail about a change to their two-factor sign-in. Call it in the change's transaction,
 * so the mail goes only if the change commits.
 */
export async function mailTwoFactorChange(
  tx: Executor,
  user: UserRow,
  change: TwoFactorChange,
  site: MailSite,
  now: Date,
): Promise<void> {
  const settings = `${site.appUrl}/edit-profile#security`;
  await enqueueMail(tx, twoFactorChangedMail(user, change, { at: now, supportEmail: site.supportEmail }, settings));
}
