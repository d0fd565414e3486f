import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '@bastion/contract';
import { sessions, users } from '@bastion/db';
import { Unauthorized } from '../lib/errors.ts';
import { MISS, type Loader } from '../lib/learner-cache.ts';

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
    authenticate: preHandlerHookHandler;
  }
}

/**
 * How long this instance remembers that an access token's signature and claims checked out. Verifying an
 * HS256 token through Web Crypto costs about half a millisecond; a polled route pays it on every call.
 * Only what the token itself proves is remembered: its expiry and the session's liveness are still checked
 * on every request.
 */
const VERIFIED_TOKEN_CACHE_MS = 60_000;
const VERIFIED_TOKEN_MAX_ENTRIES = 50_000;

interface VerifiedToken {
  token: string;
  auth: Readonly<AuthContext>;
  expiresAt: number;
  until: number;
}

/**
 * Remembered tokens are found by the end of their signature, then compared whole: hashing a whole
 * 250-character token for the lookup cost more than everything else a remembered request does.
 */
const signatureOf = (token: string) => token.slice(-32);

const notAuthenticated = () => new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
const tokenNotValid = () => new Unauthorized(MESSAGES.tokenNotValid, 'token_not_valid');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const verifiedTokens = new Map<string, VerifiedToken>();
  // A session's expiry while it is live (null: revoked, unknown or its account deactivated), kept until the
  // learner's sessions or account change (plugins/learner-changes.ts).
  const sessionExpiry = app.learnerChanges.cache<number | null>();
  const loadSessionExpiry: Loader<number | null> = async (sessionId, userId) => {
    const [row] = await app.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    return row ? row.expiresAt.getTime() : null;
  };

  function remembered(token: string, now: number): VerifiedToken | null {
    const known = verifiedTokens.get(signatureOf(token));
    return known && known.token === token && known.until > Date.now() && known.expiresAt > now ? known : null;
  }

  async function verify(token: string, now: number): Promise<VerifiedToken | null> {
    const claims = await app.tokens.verify(token, 'access', new Date(now));
    if (!claims) return null;
    const verified = {
      token,
      auth: Object.freeze({ userId: claims.userId, sessionId: claims.sessionId }),
      expiresAt: claims.expiresAt.getTime(),
      until: Date.now() + VERIFIED_TOKEN_CACHE_MS,
    };
    if (verifiedTokens.size >= VERIFIED_TOKEN_MAX_ENTRIES) verifiedTokens.clear();
    verifiedTokens.set(signatureOf(token), verified);
    return verified;
  }

  /** Signs the request in, or the error to answer with. */
  function admit(request: FastifyRequest, token: VerifiedToken | null, sessionExpiresAt: number | null, now: number) {
    if (!token || sessionExpiresAt === null || sessionExpiresAt <= now) return tokenNotValid();
    request.auth = token.auth;
    return undefined;
  }

  async function verifyThenAdmit(request: FastifyRequest, token: string, now: number) {
    const verified = remembered(token, now) ?? (await verify(token, now));
    if (!verified) return tokenNotValid();
    const { sessionId, userId } = verified.auth;
    return admit(request, verified, await sessionExpiry.get(sessionId, userId, loadSessionExpiry), now);
  }

  app.decorateRequest('auth', null);
  // Callback style: a request whose token and session are both remembered (every poll) is signed in
  // without waiting on a promise.
  app.decorate('authenticate', function authenticate(request, _reply, done) {
    const token = bearerToken(request);
    if (!token) return done(notAuthenticated());
    const now = app.clock.now().getTime();
    const verified = remembered(token, now);
    const expiresAt = verified ? sessionExpiry.peek(verified.auth.sessionId, verified.auth.userId) : MISS;
    if (verified && expiresAt !== MISS) return done(admit(request, verified, expiresAt, now));
    verifyThenAdmit(request, token, now).then(done, done);
  } satisfies preHandlerHookHandler);
});

/** The signed-in learner of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
  return request.auth;
}
