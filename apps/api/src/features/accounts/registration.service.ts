// Decision 0193: sign-up answers a registered email as a new one; the owner is told by mail.
import { randomUUID } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import { DEFAULT_PUBLIC_PROFILE_SETTINGS, MESSAGES } from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Throttled, ValidationFailed } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { enqueueMail } from '../mail/mail.queue.ts';
import { notifyWelcome } from '../notifications/notifications.service.ts';
import { decodeUid, type AccountLinks, type LinkSubject } from './account-links.ts';
import { signupAttemptMail, verificationMail } from './account-mail.ts';
import { DECOY, sendOrDiscard } from './generic-mail.ts';
import { passwordProblems } from './password-policy.ts';
import * as usersRepo from './users.repository.ts';

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  links: AccountLinks;
  appUrl: string;
}

export interface SignupInput {
  username: string;
  email: string;
  password1: string;
  password2: string;
  first_name: string;
  last_name: string;
  country: string;
}

export function createRegistrationService(deps: RegistrationDeps) {
  const { db, clock, throttle, links } = deps;
  const verifyLink = (user: LinkSubject) => links.url(deps.appUrl, 'verify-email', user, clock.now());
  const ownerLinks = { signIn: `${deps.appUrl}/login`, reset: `${deps.appUrl}/forgot-password` };

  /** The row of the account a sign-up asks for, in `tx`. */
  const insertAccount = (tx: Executor, input: SignupInput, passwordHash: string) =>
    usersRepo.insertUser(tx, {
      username: input.username,
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      country: input.country,
      publicProfile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
      dateJoined: clock.now(),
      passwordChangedAt: clock.now(),
    });

  /** Rolls back what `run` did in `tx` (a savepoint), keeping the rest of the transaction. */
  const undone = (tx: Executor, run: (savepoint: Executor) => Promise<unknown>) =>
    tx
      .transaction(async (savepoint) => {
        await run(savepoint);
        savepoint.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });

  /**
   * Someone signed up with a registered address: its owner is mailed (at most once an hour per address, so the
   * form cannot be used to flood them; never a disabled account) and the caller is answered as for a new address.
   * It is one transaction with the work a new account's has (a user row, undone, and a mail; a decoy mail undone
   * with the rest when the owner is not to be mailed), so both answers take about the same time.
   */
  async function tellOwner(owner: usersRepo.UserRow, input: SignupInput, passwordHash: string): Promise<void> {
    const wanted =
      owner.isActive &&
      (await throttle.hit('SIGNUP_NOTICE', owner.email.toLowerCase()).then(
        () => true,
        (error: unknown) => {
          if (error instanceof Throttled) return false;
          throw error;
        },
      ));
    const standIn = randomUUID().replaceAll('-', '').slice(0, 24);
    await db
      .transaction(async (tx) => {
        await undone(tx, (savepoint) =>
          insertAccount(savepoint, { ...input, username: `x${standIn}`, email: `${standIn}@invalid` }, passwordHash),
        );
        await enqueueMail(tx, signupAttemptMail(wanted ? owner : DECOY, ownerLinks));
        if (!wanted) tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  }

  return {
    async signup(input: SignupInput, ip: string): Promise<void> {
      await throttle.hit('SIGNUP_IP', ip);
      const errors: Record<string, string[]> = {};
      const problems = passwordProblems(input.password1, {
        username: input.username,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
      });
      if (problems.length > 0) errors.password1 = problems;
      if (input.password1 !== input.password2) errors.password2 = [MESSAGES.passwordMismatch];
      // Usernames are public (leaderboards, profiles): a taken one is a field error. Whether an address has an
      // account is not said to anyone but its owner (see tellOwner).
      if (await usersRepo.findUserByUsername(db, input.username)) errors.username = [MESSAGES.usernameTaken];
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

      const owner = await usersRepo.findUserByEmail(db, input.email);
      const passwordHash = await hashPassword(input.password1);
      if (owner) return tellOwner(owner, input, passwordHash);
      try {
        await db.transaction(async (tx) => {
          const user = await insertAccount(tx, input, passwordHash);
          await enqueueMail(tx, verificationMail(user, verifyLink(user)));
        });
      } catch (error) {
        // Two sign-ups racing for one name or address: the loser gets the same answer as if it had come second.
        const index = usersRepo.violatedUniqueIndex(error);
        if (index === 'users_username_key') throw new ValidationFailed({ username: [MESSAGES.usernameTaken] });
        if (index === 'users_email_lower_key') {
          const winner = await usersRepo.findUserByEmail(db, input.email);
          if (winner) await tellOwner(winner, input, passwordHash);
          return;
        }
        throw error;
      }
    },

    /**
     * Verifies the address once. The same genuine link opened again (a double click, a mail scanner that
     * opened it first) answers that the address is already verified: only a link made for this account
     * before it was verified can say so, so the answer reveals nothing to anyone without the link.
     */
    async verifyEmail(uidb64: string, token: string): Promise<'verified' | 'already-verified'> {
      const userId = decodeUid(uidb64);
      const user = userId ? await usersRepo.findUserById(db, userId) : null;
      const now = clock.now();
      if (user?.isVerified && links.check('verify-email', { ...user, isVerified: false }, token, now)) {
        return 'already-verified';
      }
      if (!user || user.isVerified || !links.check('verify-email', user, token, now)) {
        throw new BadRequest(MESSAGES.invalidVerificationLink);
      }
      const fresh = await db.transaction(async (tx) => {
        if (!(await usersRepo.markVerified(tx, user.id))) return false;
        await notifyWelcome(tx, user.id, now);
        return true;
      });
      return fresh ? 'verified' : 'already-verified';
    },

    /** Same answer and about the same work whether or not the account exists or needs the mail. */
    async resendVerification(usernameOrEmail: string, ip: string): Promise<void> {
      const key = usernameOrEmail.trim().toLowerCase();
      await throttle.hit('RESEND_IP', ip);
      await throttle.hit('RESEND_ACCOUNT', key);
      const user = await usersRepo.findUserByLogin(db, key);
      const wanted = user !== null && user.isActive && !user.isVerified;
      await sendOrDiscard(
        db,
        wanted,
        () => verificationMail(user!, verifyLink(user!)),
        () => verificationMail(DECOY, verifyLink(DECOY)),
      );
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
