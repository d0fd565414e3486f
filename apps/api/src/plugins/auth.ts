import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MESSAGES } from '@bastion/contract';
import { sessions, users } from '@bastion/db';
import { Unauthorized } from '../lib/errors.ts';
import type { TokenClaims } from '../modules/accounts/tokens.ts';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler for signed-in routes: 401 unless a valid access token of a live session is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Forget the cached liveness of these sessions (after a revocation on this instance). */
    forgetSessions: (sessionIds: string[]) => void;
  }
}

/** How long this instance trusts a session's liveness before asking the database again. */
const SESSION_CACHE_MS = 2_000;
/**
 * How long this instance remembers that an access token's signature and claims checked out. Verifying an
 * HS256 token through Web Crypto costs about half a millisecond; a polled route pays it on every call.
 * Only what the token itself proves is remembered: its expiry and the session's liveness are still checked
 * on every request.
 */
const VERIFIED_TOKEN_CACHE_MS = 60_000;
const VERIFIED_TOKEN_MAX_ENTRIES = 50_000;
const CACHE_MAX_ENTRIES = 100_000;

export const authPlugin = fp(async (app: FastifyInstance) => {
  const liveUntil = new Map<string, number>();
  const verifiedTokens = new Map<string, { claims: TokenClaims; until: number }>();

  async function verifyAccess(token: string): Promise<TokenClaims | null> {
    const now = app.clock.now();
    const known = verifiedTokens.get(token);
    if (known && known.until > Date.now() && known.claims.expiresAt > now) return known.claims;
    const claims = await app.tokens.verify(token, 'access', now);
    if (!claims) return null;
    if (verifiedTokens.size >= VERIFIED_TOKEN_MAX_ENTRIES) verifiedTokens.clear();
    verifiedTokens.set(token, { claims, until: Date.now() + VERIFIED_TOKEN_CACHE_MS });
    return claims;
  }

  app.decorateRequest('auth', null);
  app.decorate('forgetSessions', (ids: string[]) => ids.forEach((id) => liveUntil.delete(id)));

  async function sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
    const cached = liveUntil.get(sessionId);
    if (cached !== undefined && cached > Date.now()) return true;
    const now = app.clock.now();
    const [row] = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) {
      liveUntil.delete(sessionId);
      return false;
    }
    if (liveUntil.size > CACHE_MAX_ENTRIES) liveUntil.clear();
    liveUntil.set(sessionId, Date.now() + SESSION_CACHE_MS);
    return true;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token)
      throw new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
    const claims = await verifyAccess(token);
    if (!claims || !(await sessionIsLive(claims.userId, claims.sessionId))) {
      throw new Unauthorized(MESSAGES.tokenNotValid, 'token_not_valid');
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
  });
});

/** The signed-in learner of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
  return request.auth;
}
