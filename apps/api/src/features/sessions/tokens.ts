import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SecondFactor } from '../two-factor/code-check.ts';

export type TokenType = 'access' | 'refresh';

/**
 * The token's `amr` claim (after RFC 8176's authentication methods): `["pwd"]`, `["pwd", "otp"]` or
 * `["pwd", "recovery"]`. It says what the session's sign-in passed; the session row stays what counts (decision 0184).
 */
const AMR: Record<SecondFactor | 'none', string[]> = {
  none: ['pwd'],
  totp: ['pwd', 'otp'],
  recovery: ['pwd', 'recovery'],
};

function secondFactorOf(amr: unknown): SecondFactor | null {
  if (!Array.isArray(amr)) return null;
  if (amr.includes('otp')) return 'totp';
  return amr.includes('recovery') ? 'recovery' : null;
}

export interface TokenClaims {
  userId: string;
  sessionId: string;
  tokenId: string;
  type: TokenType;
  expiresAt: Date;
  secondFactor: SecondFactor | null;
}

const ISSUER = 'bastion';
const AUDIENCE = 'bastion';

export interface TokenSigner {
  sign(input: {
    userId: string;
    sessionId: string;
    type: TokenType;
    tokenId?: string;
    now: Date;
    /** What the session's sign-in passed besides the password (none when omitted). */
    secondFactor?: SecondFactor | null;
  }): Promise<{ token: string; claims: TokenClaims }>;
  /** Verifies signature (HS256 only: `alg: none` and others are refused), expiry and type. Null when invalid. */
  verify(token: string, type: TokenType, now: Date): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string, ttlSeconds: Record<TokenType, number>): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId, type, tokenId = randomUUID(), now, secondFactor = null }) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds[type];
      const token = await new SignJWT({ sid: sessionId, typ: type, amr: AMR[secondFactor ?? 'none'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setJti(tokenId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      const expiresAt = new Date(expiresAtSeconds * 1000);
      return { token, claims: { userId, sessionId, tokenId, type, expiresAt, secondFactor } };
    },
    async verify(token, type, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        if (payload.typ !== type || typeof payload.sid !== 'string' || !payload.sub || !payload.jti || !payload.exp) {
          return null;
        }
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          tokenId: payload.jti,
          type,
          expiresAt: new Date(payload.exp * 1000),
          secondFactor: secondFactorOf(payload.amr),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
