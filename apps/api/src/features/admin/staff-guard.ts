import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { twoFactor, users, type Db } from '@bastion/db';
import { Forbidden } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { Actor } from '../audit/audit.service.ts';

export interface StaffContext {
  userId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member behind an /api/admin/ request (set by the staff guard). */
    staff: StaffContext | null;
  }
}

/**
 * Admits staff with two-factor sign-in on, reading both from the database on every request (never from
 * the token or a cache): a demotion or a two-factor reset takes effect on the next call.
 */
export function staffGuard(db: Db): onRequestAsyncHookHandler {
  return async function requireStaff(request) {
    const { userId } = currentUser(request);
    const [row] = await db
      .select({ username: users.username, isStaff: users.isStaff, twoFactorSince: twoFactor.enabledAt })
      .from(users)
      .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row?.isStaff) throw new Forbidden(ADMIN_MESSAGES.staffOnly, { code: 'staff_only' });
    if (!row.twoFactorSince) {
      throw new Forbidden(ADMIN_MESSAGES.twoFactorRequired, { code: 'two_factor_setup_required' });
    }
    request.staff = { userId, username: row.username };
  };
}

/** The audit log's actor for a console request. */
export function consoleActor(request: FastifyRequest): Actor {
  const staff = request.staff;
  if (!staff) throw new Forbidden(ADMIN_MESSAGES.staffOnly, { code: 'staff_only' });
  return { id: staff.userId, name: staff.username, via: 'console', ip: request.ip };
}
