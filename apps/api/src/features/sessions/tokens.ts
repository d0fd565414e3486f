import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  tokenId: string;
  type: TokenType;
  expiresAt: Date;
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
  }): Promise<{ token: string; claims: TokenClaims }>;
  /** Verifies signature (HS256 only: `alg: none` and others are refused), expiry and type. Null when invalid. */
  verify(token: string, type: TokenType, now: Date): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string, ttlSeconds: Record<TokenType, number>): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId, type, tokenId = randomUUID(), now }) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds[type];
      const token = await new SignJWT({ sid: sessionId, typ: type })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setJti(tokenId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, claims: { userId, sessionId, tokenId, type, expiresAt: new Date(expiresAtSeconds * 1000) } };
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
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
