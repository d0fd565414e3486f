import { DATA_LOADING } from '@bastion/contract';
import axios, { isAxiosError } from 'axios';
import { isExpired } from './jwt.ts';
import { tokenStore, type Tokens } from './token-store.ts';

export const REFRESH_PATH = '/api/auth/token/refresh/';

/**
 * Why a refresh failed. `rejected` (the server answered 400/401/403: the refresh token is invalid,
 * expired or revoked) and `expired` (the stored refresh token is past its expiry, so no call is made)
 * end the session at once; `unavailable` (network, timeout, 5xx) may be retried.
 */
export type RefreshFailureKind = 'rejected' | 'expired' | 'unavailable' | 'no-session';

export class RefreshError extends Error {
  constructor(
    readonly kind: RefreshFailureKind,
    override readonly cause?: unknown,
  ) {
    super(`Token refresh failed (${kind}).`);
    this.name = 'RefreshError';
  }
}

/** A bare client: the refresh call must never go through the 401 interceptor of `api`. */
const refreshClient = axios.create({ baseURL: '/', timeout: DATA_LOADING.requestTimeoutMs });

let inFlight: Promise<Tokens> | null = null;

async function performRefresh(): Promise<Tokens> {
  const current = tokenStore.get();
  if (!current) throw new RefreshError('no-session');
  if (isExpired(current.refresh)) throw new RefreshError('expired');
  try {
    const { data } = await refreshClient.post<Partial<Tokens>>(REFRESH_PATH, { refresh: current.refresh });
    // R12: every refresh rotates the refresh token, so an answer without both tokens is not a session.
    if (typeof data?.access !== 'string' || !data.access || typeof data.refresh !== 'string' || !data.refresh) {
      throw new RefreshError('unavailable');
    }
    const next: Tokens = { access: data.access, refresh: data.refresh };
    // Another tab may have signed out meanwhile: never resurrect a session that was cleared.
    if (!tokenStore.get()) throw new RefreshError('no-session');
    tokenStore.set(next);
    return next;
  } catch (error) {
    if (error instanceof RefreshError) throw error;
    const status = isAxiosError(error) ? error.response?.status : undefined;
    if (status === 400 || status === 401 || status === 403) throw new RefreshError('rejected', error);
    throw new RefreshError('unavailable', error);
  }
}

/**
 * `POST /api/auth/token/refresh/ {refresh}` → `{access, refresh}`, stored on success.
 * Callers at the same time share one request: a rotated refresh token can be spent only once.
 */
export function refreshTokens(): Promise<Tokens> {
  inFlight ??= performRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
