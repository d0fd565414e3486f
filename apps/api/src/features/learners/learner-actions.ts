import { ADMIN_MESSAGES } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { BadRequest } from '../../lib/errors.ts';
import { audited, type Actor, type AuditRecord } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/mail.queue.ts';
import { resetTwoFactor } from '../two-factor/two-factor.operator.ts';
import type { MailSite } from '../two-factor/two-factor-mail.ts';
import type { AccountLinks } from '../accounts/account-links.ts';
import { passwordResetMail, verificationMail } from '../accounts/account-mail.ts';
import * as users from '../accounts/users.service.ts';

/**
 * What an operator does to an account, from the CLI or the console alike: each runs the users service's
 * rule and records it in the audit log in the same transaction.
 */

export interface OperatorSite extends MailSite {
  links: AccountLinks;
}

const userTarget = (user: { id: string; username: string }) => ({ type: 'user', id: user.id, label: user.username });
const premium = (user: users.UserSummary) => ({ is_premium: user.is_premium, premium_until: user.premium_until });

/** Reads the account, runs the change, and records it with the fields `pick` chooses before and after. */
function change<T extends users.UserSummary>(
  db: Db,
  actor: Actor,
  username: string,
  action: string,
  pick: (user: users.UserSummary) => Record<string, unknown>,
  run: (tx: Db) => Promise<T>,
  extra: Record<string, unknown> = {},
): Promise<T> {
  return audited(db, actor, async (tx) => {
    const before = users.summary(await users.existingUser(tx, username));
    const after = await run(tx);
    const audit: AuditRecord = {
      action,
      target: userTarget(after),
      before: pick(before),
      after: { ...pick(after), ...extra },
    };
    return { result: after, audit };
  });
}

export const learnerActions = {
  create: (db: Db, actor: Actor, input: users.CreateUserInput) =>
    audited(db, actor, async (tx) => {
      const user = await users.createUser(tx, input);
      const after = { email: user.email, is_verified: user.is_verified, is_staff: user.is_staff };
      return { result: user, audit: { action: 'learner.create', target: userTarget(user), after } };
    }),

  verify: (db: Db, actor: Actor, username: string) =>
    change(
      db,
      actor,
      username,
      'learner.verify',
      (u) => ({ is_verified: u.is_verified }),
      (tx) => users.verifyUser(tx, username),
    ),

  grantPremium: (db: Db, actor: Actor, username: string, days: number | undefined, now = new Date()) =>
    change(db, actor, username, 'learner.grant_premium', premium, (tx) => users.grantPremium(tx, username, days, now), {
      days: days ?? null,
    }),

  revokePremium: (db: Db, actor: Actor, username: string, now = new Date()) =>
    change(db, actor, username, 'learner.revoke_premium', premium, (tx) => users.revokePremium(tx, username, now)),

  setStaff: (db: Db, actor: Actor, username: string, staff: boolean) =>
    change(
      db,
      actor,
      username,
      staff ? 'learner.make_staff' : 'learner.remove_staff',
      (u) => ({ is_staff: u.is_staff }),
      (tx) => users.setStaff(tx, username, staff, actor.id),
    ),

  /** Makes a staff account an owner or ends its ownership (the CLI only: docs/console.md). */
  setOwner: (db: Db, actor: Actor, username: string, owner: boolean) =>
    audited(db, actor, async (tx) => {
      const before = await users.existingUser(tx, username);
      const after = await users.setOwner(tx, username, owner);
      const audit: AuditRecord = {
        action: owner ? 'learner.make_owner' : 'learner.remove_owner',
        target: userTarget(after),
        before: { is_owner: before.isOwner },
        after: { is_owner: after.is_owner },
      };
      return { result: after, audit };
    }),

  setActive: (db: Db, actor: Actor, username: string, active: boolean, now = new Date()) =>
    audited(db, actor, async (tx) => {
      const before = await users.existingUser(tx, username);
      const after = await users.setActive(tx, username, active, actor.id, now);
      const audit: AuditRecord = {
        action: active ? 'learner.enable' : 'learner.disable',
        target: userTarget(after),
        before: { is_active: before.isActive },
        after: { is_active: after.is_active, sessions_ended: after.sessions_ended },
      };
      return { result: after, audit };
    }),

  /** Mails a new verification link to an account that is not verified yet. */
  resendVerification: (db: Db, actor: Actor, username: string, site: OperatorSite, now = new Date()) =>
    audited(db, actor, async (tx) => {
      const user = await users.existingUser(tx, username);
      if (user.isVerified) throw new BadRequest(ADMIN_MESSAGES.alreadyVerified);
      await enqueueMail(tx, verificationMail(user, site.links.url(site.appUrl, 'verify-email', user, now)));
      return { result: { mailed: true }, audit: { action: 'learner.resend_verification', target: userTarget(user) } };
    }),

  /** Mails the owner a password-reset link; the password itself is never shown or set by an operator. */
  sendPasswordReset: (db: Db, actor: Actor, username: string, site: OperatorSite, now = new Date()) =>
    audited(db, actor, async (tx) => {
      const user = await users.existingUser(tx, username);
      if (!user.isActive) throw new BadRequest(ADMIN_MESSAGES.disabledNoReset);
      await enqueueMail(tx, passwordResetMail(user, site.links.url(site.appUrl, 'reset-password', user, now)));
      return { result: { mailed: true }, audit: { action: 'learner.send_password_reset', target: userTarget(user) } };
    }),

  resetTwoFactor: (db: Db, actor: Actor, username: string, site: MailSite, now = new Date()) =>
    audited(db, actor, async (tx) => {
      const user = await users.existingUser(tx, username);
      const result = await resetTwoFactor(tx, username, site, now);
      const audit: AuditRecord = {
        action: 'learner.reset_two_factor',
        target: userTarget(user),
        before: { two_factor: result.was_enabled },
        after: { two_factor: false, sessions_ended: result.sessions_ended, mailed: result.mailed },
      };
      return { result, audit };
    }),
};
