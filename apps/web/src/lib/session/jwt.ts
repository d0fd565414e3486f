import { jwtDecode } from 'jwt-decode';

/** What the web app reads from a token. The API's access token carries `sub` (user id), `sid` and `exp`. */
export interface TokenClaims {
  userId: string | null;
  username: string | null;
  /** Expiry in seconds since the epoch, or null when the token has none. */
  exp: number | null;
}

interface RawClaims {
  sub?: unknown;
  user_id?: unknown;
  username?: unknown;
  exp?: unknown;
}

/** Reads the claims without verifying the signature (the server does that); null when the token is malformed. */
export function readClaims(token: string): TokenClaims | null {
  try {
    const raw = jwtDecode<RawClaims>(token);
    const id = raw.sub ?? raw.user_id;
    return {
      userId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
      username: typeof raw.username === 'string' && raw.username ? raw.username : null,
      exp: typeof raw.exp === 'number' && Number.isFinite(raw.exp) ? raw.exp : null,
    };
  } catch {
    return null;
  }
}

/** Seconds left before the token expires (negative once expired); null when it is malformed or has no expiry. */
export function secondsRemaining(token: string, nowMs: number = Date.now()): number | null {
  const exp = readClaims(token)?.exp;
  return exp == null ? null : exp - nowMs / 1000;
}

/** A malformed token counts as expired; a well-formed token without `exp` does not expire. */
export function isExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = readClaims(token);
  if (!claims) return true;
  return claims.exp !== null && claims.exp * 1000 <= nowMs;
}
