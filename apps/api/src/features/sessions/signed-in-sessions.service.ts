import { MESSAGES, type SessionsRevoked, type SignedInSession } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { deviceLabel } from './device-label.ts';
import * as repo from './signed-in-sessions.repository.ts';

export interface SignedInSessionsDeps {
  db: Db;
  clock: Clock;
  /** Drops this instance's cached sessions of these learners so revoked access tokens stop at once. */
  learnersChanged: (userIds: string[]) => void;
}

/** The learner's own signed-in devices: list them, sign one out, or every one but this. */
export function createSignedInSessionsService(deps: SignedInSessionsDeps) {
  const { db, clock } = deps;

  return {
    async list(auth: AuthContext): Promise<SignedInSession[]> {
      const rows = await repo.listLiveSessions(db, auth.userId, clock.now());
      return rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_active: row.lastUsedAt.toISOString(),
        current: row.id === auth.sessionId,
      }));
    },

    /** Another learner's session, or none, is 404; one of the learner's own that already ended ends nothing. */
    async end(auth: AuthContext, sessionId: string): Promise<SessionsRevoked> {
      if (!(await repo.findUserSession(db, auth.userId, sessionId))) throw new NotFound();
      const revoked = await repo.revokeLiveSessions(db, auth.userId, { only: sessionId }, clock.now(), 'signed_out');
      deps.learnersChanged([auth.userId]);
      return { detail: MESSAGES.sessionEnded, revoked };
    },

    async endOthers(auth: AuthContext): Promise<SessionsRevoked> {
      const now = clock.now();
      const revoked = await repo.revokeLiveSessions(db, auth.userId, { keep: auth.sessionId }, now, 'signed_out');
      deps.learnersChanged([auth.userId]);
      return { detail: MESSAGES.otherSessionsEnded, revoked };
    },
  };
}
