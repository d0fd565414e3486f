import type { Db, Executor } from '@bastion/db';
import { ADMIN_MESSAGES, MESSAGES, type LoginAnswer, type TokenPair, type TwoFactorChallenge } from '@bastion/contract';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, Unauthorized } from '../../lib/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { LoginGuard } from '../accounts/login-guard.ts';
import { recordAuditIn } from '../audit/audit.service.ts';
import { deviceLabel } from './device-label.ts';
import { mailIfNewDevice } from './new-device.ts';
import type { TokenSigner } from './tokens.ts';
import type { SecondFactor } from '../two-factor/code-check.ts';
import { findUserByLogin, updateUser, type UserRow } from '../accounts/users.repository.ts';
import * as sessionsRepo from './sessions.repository.ts';

/** A refresh token rotated less than this long ago still answers (another tab refreshing at the same time). */
export const REFRESH_GRACE_MS = 10_000;

export interface SessionsDeps {
  db: Db;
  clock: Clock;
  tokens: TokenSigner;
  throttle: Throttle;
  captcha: Pick<CaptchaService, 'verify'>;
  refreshTtlSeconds: number;
  /** Drops this instance's cached sessions of these learners so revoked access tokens stop at once. */
  learnersChanged: (userIds: string[]) => void;
  guard: LoginGuard;
  /** The second-step challenge for a learner with two-factor sign-in, or null: then the password suffices. */
  twoFactorChallenge: (userId: string, now: Date) => Promise<TwoFactorChallenge | null>;
  appUrl: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, tokens, throttle } = deps;
  const invalidToken = () => new Unauthorized(MESSAGES.tokenNotValid, 'token_not_valid');

  async function issuePair(
    tx: Executor,
    session: { userId: string; id: string; secondFactor: SecondFactor | null },
    now: Date,
  ): Promise<TokenPair & { refreshId: string }> {
    const { userId, id: sessionId, secondFactor } = session;
    const refresh = await tokens.sign({ userId, sessionId, type: 'refresh', now, secondFactor });
    await sessionsRepo.insertRefreshToken(tx, {
      id: refresh.claims.tokenId,
      sessionId,
      issuedAt: now,
      expiresAt: refresh.claims.expiresAt,
    });
    await sessionsRepo.touchSession(tx, sessionId, now, refresh.claims.expiresAt);
    const access = await tokens.sign({ userId, sessionId, type: 'access', now, secondFactor });
    return { access: access.token, refresh: refresh.token, refreshId: refresh.claims.tokenId };
  }

  /**
   * The refresh token a rotation issued, signed again from its stored id and issue time: HS256 over the same
   * claims gives the same token, so nothing secret is kept at rest. The access token is a fresh one.
   */
  async function reissuePair(
    session: { userId: string; id: string; secondFactor: SecondFactor | null },
    issued: { id: string; issuedAt: Date },
    now: Date,
  ): Promise<TokenPair> {
    const { userId, id: sessionId, secondFactor } = session;
    const refresh = await tokens.sign({
      userId,
      sessionId,
      type: 'refresh',
      tokenId: issued.id,
      now: issued.issuedAt,
      secondFactor,
    });
    const access = await tokens.sign({ userId, sessionId, type: 'access', now, secondFactor });
    return { access: access.token, refresh: refresh.token };
  }

  /**
   * Signs the learner in on this device (either sign-in step ends here), in the caller's transaction. The
   * session records the second factor the sign-in passed (none: the password alone); its tokens carry it. A staff
   * account's sign-in is written to the audit log.
   */
  async function startSession(
    tx: Executor,
    user: UserRow,
    client: ClientInfo,
    now: Date,
    secondFactor: SecondFactor | null = null,
  ): Promise<TokenPair> {
    await mailIfNewDevice(tx, user, client, now, deps.appUrl);
    const session = await sessionsRepo.insertSession(tx, {
      userId: user.id,
      expiresAt: new Date(now.getTime() + deps.refreshTtlSeconds * 1000),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
      secondFactor,
      now,
    });
    await updateUser(tx, user.id, { lastLogin: now });
    if (user.isStaff) {
      const actor = { id: user.id, name: user.username, via: 'site' as const, ip: client.ip };
      await recordAuditIn(
        tx,
        actor,
        {
          action: 'staff.sign_in',
          target: { type: 'user', id: user.id, label: user.username },
          after: { session: session.id, second_factor: secondFactor ?? 'none', device: deviceLabel(client.userAgent) },
        },
        now,
      );
    }
    const { access, refresh } = await issuePair(tx, session, now);
    return { access, refresh };
  }

  return {
    startSession,

    async login(
      input: { username: string; password: string; recaptchaToken: string },
      client: ClientInfo,
    ): Promise<LoginAnswer> {
      await throttle.hit('LOGIN_IP', client.ip);
      if (!(await deps.captcha.verify(input.recaptchaToken, client.ip))) throw new BadRequest(MESSAGES.captchaRequired);
      const user = await findUserByLogin(db, input.username.toLowerCase());
      // One account, whether it is named by username or email.
      const account = user?.id ?? input.username.toLowerCase();
      await deps.guard.check(account, client.ip);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!user || !passwordOk) {
        await deps.guard.failed(account, client.ip, user?.isActive ? user : null);
        throw new Unauthorized(MESSAGES.badCredentials, 'authentication_failed');
      }
      // Only the right password learns that an operator disabled the account (decision 0133).
      if (!user.isActive) throw new Forbidden(ADMIN_MESSAGES.accountDisabled, { code: 'account_disabled' });
      if (!user.isVerified) throw new Forbidden(MESSAGES.unverified);

      const now = clock.now();
      const challenge = await deps.twoFactorChallenge(user.id, now);
      if (challenge) return challenge;
      return db.transaction((tx) => startSession(tx, user, client, now));
    },

    /**
     * Rotates a refresh token. Presenting one already rotated is reuse (a stolen copy, or a client bug):
     * past the grace period it ends the whole session.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock.now();
      const claims = await tokens.verify(refreshToken, 'refresh', now);
      if (!claims) throw invalidToken();
      const outcome = await db.transaction(async (tx) => {
        const row = await sessionsRepo.lockRefreshToken(tx, claims.tokenId);
        if (!row || row.session.id !== claims.sessionId || row.session.userId !== claims.userId)
          return { kind: 'invalid' as const };
        const { token, session } = row;
        if (session.revokedAt || session.expiresAt <= now || !row.userActive || token.expiresAt <= now)
          return { kind: 'invalid' as const };
        if (token.rotatedAt && now.getTime() - token.rotatedAt.getTime() > REFRESH_GRACE_MS) {
          await sessionsRepo.revokeSession(tx, session.id, now, 'refresh_token_reuse');
          return { kind: 'reused' as const };
        }
        if (token.rotatedAt) {
          // A parallel tab rotated it a moment ago: it gets that rotation's refresh token, so the session
          // keeps one chain instead of forking past reuse detection.
          const successor = token.replacedBy ? await sessionsRepo.findRefreshToken(tx, token.replacedBy) : null;
          if (!successor || successor.sessionId !== session.id) return { kind: 'invalid' as const };
          return { kind: 'rotated' as const, pair: await reissuePair(session, successor, now) };
        }
        // The session's second factor comes from its row, so a refreshed token says what its sign-in passed.
        const { access, refresh, refreshId } = await issuePair(tx, session, now);
        await sessionsRepo.markRotated(tx, token.id, now, refreshId);
        return { kind: 'rotated' as const, pair: { access, refresh } };
      });
      if (outcome.kind === 'invalid') throw invalidToken();
      if (outcome.kind === 'reused') {
        deps.learnersChanged([claims.userId]);
        throw invalidToken();
      }
      return outcome.pair;
    },

    /** Ends the refresh token's session; its access tokens stop working at once. */
    async logout(refreshToken: string): Promise<void> {
      const now = clock.now();
      const claims = await tokens.verify(refreshToken, 'refresh', now);
      if (!claims) throw invalidToken();
      const session = await sessionsRepo.findSession(db, claims.sessionId);
      if (!session || session.userId !== claims.userId) throw invalidToken();
      await sessionsRepo.revokeSession(db, session.id, now, 'logout');
      deps.learnersChanged([session.userId]);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
