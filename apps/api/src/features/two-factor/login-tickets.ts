// Decision 0040: the ticket between password and code: 5 minutes, 5 wrong codes, used once; only its HMAC is kept.
import { createHmac, randomBytes } from 'node:crypto';
import type { TwoFactorChallenge } from '@bastion/contract';
import type { Db } from '@bastion/db';
import * as ticketsRepo from './login-tickets.repository.ts';
import { isTwoFactorEnabled } from './two-factor.repository.ts';

export const LOGIN_TICKET_TTL_SECONDS = 300;
/** Wrong codes a ticket survives; the next attempt finds it dead, whatever the code. */
export const LOGIN_TICKET_MAX_WRONG_CODES = 5;

/**
 * Tickets for the second step of a two-factor sign-in: 256 random bits handed to the client, kept in the
 * database under a keyed hash (so a copy of the table redeems nothing) with the learner, the moment the
 * password checked out, the wrong codes tried and whether it was used.
 */
export function createLoginTickets(db: Db, serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('bastion:login-tickets').digest();
  const idOf = (ticket: string) => createHmac('sha256', key).update(ticket).digest('base64url');

  return {
    idOf,

    /** The challenge to answer a learner whose password checked out at `now`, or null without two-factor sign-in. */
    async challengeFor(userId: string, now: Date): Promise<TwoFactorChallenge | null> {
      if (!(await isTwoFactorEnabled(db, userId))) return null;
      const ticket = randomBytes(32).toString('base64url');
      await ticketsRepo.deleteSpentTickets(db, userId, now);
      await ticketsRepo.insertTicket(db, {
        id: idOf(ticket),
        userId,
        passwordCheckedAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_TICKET_TTL_SECONDS * 1000),
      });
      return { two_factor_required: true, ticket, expires_in: LOGIN_TICKET_TTL_SECONDS };
    },

    usable(row: ticketsRepo.LoginTicketRow | null, now: Date): row is ticketsRepo.LoginTicketRow {
      return row !== null && !row.usedAt && row.expiresAt > now && row.failedAttempts < LOGIN_TICKET_MAX_WRONG_CODES;
    },
  };
}
export type LoginTickets = ReturnType<typeof createLoginTickets>;
