/** Unsigned JWTs for tests: the web app only reads the claims; the server checks signatures. */
function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface TestTokenClaims {
  sub?: string;
  sid?: string;
  username?: string;
  /** Seconds from now until expiry (negative: already expired). */
  expiresIn: number;
  typ?: 'access' | 'refresh';
}

export const TEST_USER_ID = '3f1c2f7a-5a7e-4c5b-9a43-2d1b0b7f9e10';

export function makeToken({
  sub = TEST_USER_ID,
  sid = 'session-1',
  username,
  expiresIn,
  typ = 'access',
}: TestTokenClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub,
    sid,
    typ,
    jti: `${typ}-${Math.random().toString(36).slice(2)}`,
    iat: now,
    exp: now + expiresIn,
    ...(username ? { username } : {}),
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

/** A fresh pair: access valid for an hour, refresh for a week (the contract's defaults). */
export function makeTokens(
  accessExpiresIn = 3600,
  refreshExpiresIn = 7 * 24 * 3600,
  extra: Partial<TestTokenClaims> = {},
) {
  return {
    access: makeToken({ ...extra, expiresIn: accessExpiresIn, typ: 'access' }),
    refresh: makeToken({ ...extra, expiresIn: refreshExpiresIn, typ: 'refresh' }),
  };
}

export function storeTokens(tokens: { access: string; refresh: string }): void {
  localStorage.setItem('bastion.tokens', JSON.stringify(tokens));
}
