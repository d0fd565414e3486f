// docs/console.md, "Who may use it": the console scope reads staff status and two-factor state from the database
// on every request.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { sessions, twoFactor, users, type Db } from '@bastion/db';
import { Forbidden } from '../lib/errors.ts';
import { currentUser } from './auth.ts';
import type { Actor } from '../features/audit/audit.service.ts';

export interface StaffContext {
  userId: string;
  username: string;
  /** May make or remove staff and act on staff accounts (docs/console.md, "Who may use it"). */
  isOwner: boolean;
}

/** A console actor, with whether they are an owner (read by the staff guard on this request). */
export interface ConsoleActor extends Actor {
  id: string;
  owner: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member behind an /api/admin/ request (set by the staff guard). */
    staff: StaffContext | null;
  }
}

/**
 * Admits staff with two-factor sign-in on whose session was signed in with a second factor, reading all of it
 * from the database on every request (never from the token or a cache): a demotion, a two-factor reset or an
 * ended ownership takes effect on the next call. A session that passed only the password (signed in before
 * two-factor sign-in was on, or before the account was staff) is refused: its holder signs in again with a code
 * (decision 0184).
 */
export function staffGuard(db: Db): onRequestAsyncHookHandler {
  return async function requireStaff(request) {
    const { userId, sessionId } = currentUser(request);
    const [row] = await db
      .select({
        username: users.username,
        isStaff: users.isStaff,
        isOwner: users.isOwner,
        twoFactorSince: twoFactor.enabledAt,
        secondFactor: sessions.secondFactor,
      })
      .from(users)
      .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
      .leftJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row?.isStaff) throw new Forbidden(ADMIN_MESSAGES.staffOnly, { code: 'staff_only' });
    if (!row.twoFactorSince) {
      throw new Forbidden(ADMIN_MESSAGES.twoFactorRequired, { code: 'two_factor_setup_required' });
    }
    if (!row.secondFactor) {
      throw new Forbidden(ADMIN_MESSAGES.twoFactorSessionRequired, { code: 'two_factor_session_required' });
    }
    request.staff = { userId, username: row.username, isOwner: row.isOwner };
  };
}

/** The audit log's actor for a console request, with whether they are an owner. */
export function consoleActor(request: FastifyRequest): ConsoleActor {
  const staff = request.staff;
  if (!staff) throw new Forbidden(ADMIN_MESSAGES.staffOnly, { code: 'staff_only' });
  return { id: staff.userId, name: staff.username, via: 'console', ip: request.ip, owner: staff.isOwner };
}
