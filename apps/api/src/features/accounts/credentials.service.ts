// Decision 0037: reset and verification links (single-use, dead once the account signs in) and what the answers reveal.
import { MESSAGES } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, ValidationFailed } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { notifyWelcome } from '../notifications/notifications.service.ts';
import { decodeUid, type AccountLinks, type LinkSubject } from './account-links.ts';
import { passwordResetMail } from './account-mail.ts';
import { DECOY, sendOrDiscard } from './generic-mail.ts';
import { passwordProblems } from './password-policy.ts';
import * as usersRepo from './users.repository.ts';

export interface CredentialsDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  links: AccountLinks;
  appUrl: string;
  /** Drops this instance's cached sessions of these learners so revoked access tokens stop at once. */
  learnersChanged: (userIds: string[]) => void;
}

interface NewPassword {
  new_password1: string;
  new_password2: string;
}

export function createCredentialsService(deps: CredentialsDeps) {
  const { db, clock, throttle, links } = deps;
  const resetLink = (user: LinkSubject) => links.url(deps.appUrl, 'reset-password', user, clock.now());

  function newPasswordErrors(input: NewPassword, user: usersRepo.UserRow): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const problems = passwordProblems(input.new_password1, {
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
    if (problems.length > 0) errors.new_password1 = problems;
    if (input.new_password1 !== input.new_password2) errors.new_password2 = [MESSAGES.passwordMismatch];
    return errors;
  }

  /** Stores the new password and ends sessions (all, or all but `keep`) in one transaction. */
  async function setPassword(
    user: usersRepo.UserRow,
    password: string,
    change: { reason: string; isVerified?: boolean; keepSession?: string; onRace: () => Error },
  ) {
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const values = { passwordHash, passwordChangedAt: now, ...(change.isVerified ? { isVerified: true } : {}) };
      if (!(await usersRepo.updatePasswordIfUnchanged(tx, user.id, user.passwordHash, values))) throw change.onRace();
      // A reset that proves the address of an unverified account welcomes it, as verification would.
      if (change.isVerified && !user.isVerified) await notifyWelcome(tx, user.id, now);
      await usersRepo.revokeUserSessions(tx, user.id, now, change.reason, change.keepSession);
    });
    deps.learnersChanged([user.id]);
  }

  return {
    /** Same answer and about the same work whether or not an account has this email. */
    async requestReset(email: string, ip: string): Promise<void> {
      const key = email.trim().toLowerCase();
      await throttle.hit('RESET_IP', ip);
      await throttle.hit('RESET_ACCOUNT', key);
      const user = await usersRepo.findUserByEmail(db, key);
      const wanted = user !== null && user.isActive;
      await sendOrDiscard(
        db,
        wanted,
        () => passwordResetMail(user!, resetLink(user!)),
        () => passwordResetMail(DECOY, resetLink(DECOY)),
      );
    },

    async confirmReset(input: NewPassword & { uidb64: string; token: string }): Promise<void> {
      const userId = decodeUid(input.uidb64);
      const user = userId ? await usersRepo.findUserById(db, userId) : null;
      if (!user || !user.isActive || !links.check('reset-password', user, input.token, clock.now())) {
        throw new BadRequest(MESSAGES.invalidResetLink);
      }
      const errors = newPasswordErrors(input, user);
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      // The link arrived by email, which proves the address as well as a verification link would.
      await setPassword(user, input.new_password1, {
        reason: 'password_reset',
        isVerified: true,
        onRace: () => new BadRequest(MESSAGES.invalidResetLink),
      });
    },

    async changePassword(
      userId: string,
      sessionId: string,
      input: NewPassword & { old_password: string },
    ): Promise<void> {
      const user = await usersRepo.findUserById(db, userId);
      if (!user) throw new BadRequest(MESSAGES.notFound);
      await throttle.check('LOGIN_USER', user.id);
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        await throttle.hit('LOGIN_USER', user.id);
        throw new ValidationFailed({ old_password: [MESSAGES.wrongCurrentPassword] });
      }
      const errors = newPasswordErrors(input, user);
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      await setPassword(user, input.new_password1, {
        reason: 'password_changed',
        keepSession: sessionId,
        onRace: () => new ValidationFailed({ old_password: [MESSAGES.wrongCurrentPassword] }),
      });
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
