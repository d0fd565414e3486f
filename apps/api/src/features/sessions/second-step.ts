import { MESSAGES, type TokenPair } from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, ValidationFailed } from '../../lib/errors.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { LoginGuard } from '../accounts/login-guard.ts';
import { findUserById, type UserRow } from '../accounts/users.repository.ts';
import type { AcceptCode, SecondFactor } from '../two-factor/code-check.ts';
import type { LoginTickets } from '../two-factor/login-tickets.ts';
import * as ticketsRepo from '../two-factor/login-tickets.repository.ts';
import type { ClientInfo } from './sessions.service.ts';

export interface SecondStepDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  guard: LoginGuard;
  tickets: LoginTickets;
  acceptCode: AcceptCode;
  startSession: (
    tx: Executor,
    user: UserRow,
    client: ClientInfo,
    now: Date,
    secondFactor: SecondFactor,
  ) => Promise<TokenPair>;
}

/** `POST /api/users/login/2fa/`: the ticket of the password step and a code give the session login would have. */
export function createSecondStep(deps: SecondStepDeps) {
  const { db, clock, tickets } = deps;
  const expired = () => new BadRequest(MESSAGES.twoFactorTicketExpired);

  return async function completeSignIn(input: { ticket: string; code: string }, client: ClientInfo) {
    await deps.throttle.hit('LOGIN_IP', client.ip);
    const now = clock.now();
    const id = tickets.idOf(input.ticket);
    const seen = await ticketsRepo.findTicket(db, id);
    if (!tickets.usable(seen, now)) throw expired();
    await deps.guard.check(seen.userId, client.ip);

    const outcome = await db.transaction(async (tx) => {
      const ticket = await ticketsRepo.lockTicket(tx, id);
      if (!tickets.usable(ticket, now)) return { kind: 'expired' as const };
      const user = await findUserById(tx, ticket.userId);
      // Bound to the password check: a password changed since (or an account closed) ends it.
      if (!user || !user.isActive || !user.isVerified || user.passwordChangedAt > ticket.passwordCheckedAt) {
        await ticketsRepo.markTicketUsed(tx, id, now);
        return { kind: 'expired' as const };
      }
      const factor = await deps.acceptCode(tx, user.id, input.code, now);
      if (!factor) {
        await ticketsRepo.countWrongCode(tx, id);
        return { kind: 'wrong' as const, user };
      }
      await ticketsRepo.markTicketUsed(tx, id, now);
      // The session records the code's kind: the console admits only sessions that passed a second factor.
      return { kind: 'signed-in' as const, pair: await deps.startSession(tx, user, client, now, factor) };
    });
    if (outcome.kind === 'expired') throw expired();
    if (outcome.kind === 'wrong') {
      await deps.guard.failed(outcome.user.id, client.ip, outcome.user);
      throw new ValidationFailed({ code: [MESSAGES.twoFactorInvalidCode] });
    }
    return outcome.pair;
  };
}
