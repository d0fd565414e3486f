// Decision 0044: lockout keys (account and address, account alone) and the mailed unlock link.
import { MESSAGES } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { enqueueMail } from '../mail/mail.queue.ts';
import { decodeUid, type AccountLinks } from './account-links.ts';
import { accountLockedMail } from './account-mail.ts';
import * as usersRepo from './users.repository.ts';

export interface LoginGuardDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  links: AccountLinks;
  appUrl: string;
}

/**
 * Limits the guessing of passwords and sign-in codes without letting a stranger lock the owner out:
 * LOGIN_USER counts wrong guesses per account and client IP (a guesser locks out only themselves),
 * LOGIN_ACCOUNT per account from everywhere with a much higher limit (against guessing spread over many
 * addresses). When LOGIN_ACCOUNT trips, the owner is mailed a link that lifts it.
 *
 * `account` is the user id, or the typed name when no account has it.
 */
export function createLoginGuard(deps: LoginGuardDeps) {
  const { db, clock, throttle, links } = deps;
  const fromClient = (account: string, ip: string) => `${account}|${ip}`;

  return {
    /** Throws Throttled (429) while this client may not try this account. */
    async check(account: string, ip: string): Promise<void> {
      await throttle.check('LOGIN_ACCOUNT', account);
      await throttle.check('LOGIN_USER', fromClient(account, ip));
    },

    /** Counts a wrong password or code; the one that locks the account mails its owner (once per lock). */
    async failed(account: string, ip: string, owner: usersRepo.UserRow | null): Promise<void> {
      const left = await throttle.hit('LOGIN_ACCOUNT', account);
      if (left === 0 && owner) {
        const link = links.url(deps.appUrl, 'unlock-account', owner, clock.now());
        await enqueueMail(db, accountLockedMail(owner, link));
      }
      await throttle.hit('LOGIN_USER', fromClient(account, ip));
    },

    /** Lifts the account-wide lock and the unlocking client's own one; each link works once. */
    async unlock(uidb64: string, token: string, ip: string): Promise<void> {
      const now = clock.now();
      const userId = decodeUid(uidb64);
      const user = userId ? await usersRepo.findUserById(db, userId) : null;
      const valid = user !== null && user.isActive && links.check('unlock-account', user, token, now);
      if (!valid || !(await usersRepo.markLoginUnlocked(db, user.id, user.loginUnlockedAt, now))) {
        throw new BadRequest(MESSAGES.invalidUnlockLink);
      }
      await throttle.reset('LOGIN_ACCOUNT', user.id);
      await throttle.reset('LOGIN_USER', fromClient(user.id, ip));
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
