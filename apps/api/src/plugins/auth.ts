// Decision 0034: signed short-lived access tokens; every request checks its session (from memory, 0015).
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '@bastion/contract';
import { sessions, twoFactor, users } from '@bastion/db';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import { MISS, type Loader } from '../lib/learner-cache.ts';
import { createSessionUse } from '../features/sessions/session-use.ts';

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
const twoFactorSetupRequired = () =>
  new Forbidden(MESSAGES.twoFactorSetupRequired, { code: 'two_factor_setup_required' });

// Decision 0041: staff required to use two-factor sign-in reach only these routes until they set it up.
/**
 * What a staff account without two-factor sign-in may still do when REQUIRE_2FA_FOR_STAFF is on: see who
 * it is, turn two-factor sign-in on and manage its sessions (logout and refresh take no bearer token).
 */
export const ALLOWED_BEFORE_TWO_FACTOR: ReadonlySet<string> = new Set([
  'GET /api/users/profile/',
  'GET /api/navbar/',
  'GET /api/users/2fa/',
  'POST /api/users/2fa/setup/',
  'POST /api/users/2fa/confirm/',
  'GET /api/users/sessions/',
  'DELETE /api/users/sessions/:id/',
  'POST /api/users/sessions/revoke-others/',
]);

const allowedBeforeTwoFactor = (request: FastifyRequest) =>
  ALLOWED_BEFORE_TWO_FACTOR.has(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`);

/** A live session: its expiry, and whether its account must turn on two-factor sign-in before anything else. */
interface LiveSession {
  expiresAt: number;
  twoFactorSetupRequired: boolean;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const verifiedTokens = new Map<string, VerifiedToken>();
  // A live session (null: revoked, unknown or its account deactivated), kept until the learner's sessions,
  // account or two-factor sign-in change (plugins/learner-changes.ts).
  const liveSessions = app.learnerChanges.cache<LiveSession | null>();
  const requireForStaff = app.config.requireTwoFactorForStaff;
  const sessionUse = createSessionUse(app.db);
  const loadLiveSession: Loader<LiveSession | null> = async (sessionId, userId) => {
    const [row] = await app.db
      .select({ expiresAt: sessions.expiresAt, isStaff: users.isStaff, twoFactorSince: twoFactor.enabledAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(twoFactor, eq(twoFactor.userId, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    const twoFactorSetupRequired = requireForStaff && row.isStaff && row.twoFactorSince === null;
    return { expiresAt: row.expiresAt.getTime(), twoFactorSetupRequired };
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
  function admit(request: FastifyRequest, token: VerifiedToken | null, session: LiveSession | null, now: number) {
    if (!token || session === null || session.expiresAt <= now) return tokenNotValid();
    if (session.twoFactorSetupRequired && !allowedBeforeTwoFactor(request)) return twoFactorSetupRequired();
    request.auth = token.auth;
    return undefined;
  }

  async function verifyThenAdmit(request: FastifyRequest, token: string, now: number) {
    const verified = remembered(token, now) ?? (await verify(token, now));
    if (!verified) return tokenNotValid();
    const { sessionId, userId } = verified.auth;
    return admit(request, verified, await liveSessions.get(sessionId, userId, loadLiveSession), now);
  }

  /** Ends the check: a signed-in request first records its session's use when one is due. */
  function finish(request: FastifyRequest, error: Error | undefined, now: number, done: (error?: Error) => void) {
    const auth = request.auth;
    if (error || !auth || !sessionUse.due(auth.sessionId, now)) return done(error);
    sessionUse.record(auth.sessionId, now).then(
      () => done(),
      (failure: unknown) => {
        // "Last used" may lag; the request goes on.
        request.log.warn({ err: failure }, 'could not record the session use');
        done();
      },
    );
  }

  app.decorateRequest('auth', null);
  // Callback style: a request whose token and session are both remembered (every poll) is signed in
  // without waiting on a promise.
  app.decorate('authenticate', function authenticate(request, _reply, done) {
    const token = bearerToken(request);
    if (!token) return done(notAuthenticated());
    const now = app.clock.now().getTime();
    const verified = remembered(token, now);
    const session = verified ? liveSessions.peek(verified.auth.sessionId, verified.auth.userId) : MISS;
    if (verified && session !== MISS) return finish(request, admit(request, verified, session, now), now, done);
    verifyThenAdmit(request, token, now).then((error) => finish(request, error, now, done), done);
  } satisfies preHandlerHookHandler);
});

/** The signed-in learner of a route guarded by app.authenticate. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthorized(MESSAGES.notAuthenticated, 'not_authenticated');
  return request.auth;
}
