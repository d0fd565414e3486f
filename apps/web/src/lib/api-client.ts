import { DATA_LOADING, errorText, MESSAGES } from '@bastion/contract';
import axios, { isAxiosError, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { refreshTokens } from './session/refresh.ts';
import { tokenStore } from './session/token-store.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send the call without the bearer header (public endpoints: sign-in, sign-up, verification, reset). */
    skipAuth?: boolean;
  }
  interface InternalAxiosRequestConfig {
    /** Set once the call has been retried after a refresh, so it is never retried twice. */
    retriedAfterRefresh?: boolean;
  }
}

/**
 * The one HTTP client of the web app: relative to this origin (the API serves the app), a 5 s timeout
 * (R9) and the bearer access token on every call (R6).
 *
 * R7: on a 401 from any call that carried a token, the tokens are refreshed once (callers at the
 * same time share that refresh) and the call is retried once. When the refresh fails, or the retried call
 * is still refused, the stored tokens are cleared: the session provider sees that, clears the cached data
 * and goes to /login.
 */
export const api = axios.create({ baseURL: '/', timeout: DATA_LOADING.requestTimeoutMs });

const BEARER = /^Bearer\s+(.+)$/i;

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  return match?.[1] ?? null;
}

api.interceptors.request.use((config) => {
  const tokens = tokenStore.get();
  if (tokens && !config.skipAuth && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${tokens.access}`);
  }
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config;
  const usedToken = bearerOf(config);
  // A call made without a token (for example a wrong password at sign-in) is simply refused.
  if (!usedToken) throw error;
  if (config.retriedAfterRefresh) {
    tokenStore.clear();
    throw error;
  }

  let access: string;
  try {
    const current = tokenStore.get();
    // Another call may already have rotated the tokens while this one was on its way.
    access = current && current.access !== usedToken ? current.access : (await refreshTokens()).access;
  } catch {
    tokenStore.clear();
    throw error;
  }
  config.retriedAfterRefresh = true;
  config.headers.set('Authorization', `Bearer ${access}`);
  return api.request(config);
});

/** The `code` of the 403 a staff account gets while the operator requires two-factor sign-in and it has none. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

/** Whether a failed call was refused until the account turns on two-factor sign-in. */
export function isTwoFactorSetupRequired(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 403) return false;
  const body = error.response.data as { code?: unknown } | undefined;
  return body?.code === TWO_FACTOR_SETUP_REQUIRED;
}

type SetupRequiredListener = () => void;
const setupRequiredListeners = new Set<SetupRequiredListener>();

/**
 * Called on every call refused with `two_factor_setup_required`, whichever screen made it: the app's one
 * listener sends the user to the security section of /edit-profile. Returns the unsubscribe function.
 */
export function onTwoFactorSetupRequired(listener: SetupRequiredListener): () => void {
  setupRequiredListeners.add(listener);
  return () => setupRequiredListeners.delete(listener);
}

api.interceptors.response.use(undefined, (error: unknown) => {
  if (isTwoFactorSetupRequired(error)) for (const listener of setupRequiredListeners) listener();
  throw error;
});

/** The user-facing text of a failed call (R8), with the response body read by the contract's builder. */
export function apiErrorText(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (isAxiosError(error)) {
    const response = (error as AxiosError).response;
    if (!response) return fallback;
    // A proxy's HTML error page is not a message for the user.
    const type = String(response.headers?.['content-type'] ?? '');
    if (typeof response.data === 'string' && type.includes('text/html')) return fallback;
    return errorText(response.data, fallback);
  }
  return fallback;
}

/** The HTTP status of a failed call, if the server answered. */
export function apiErrorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The response body of a failed call, if the server answered. */
export function apiErrorBody(error: unknown): unknown {
  return isAxiosError(error) ? error.response?.data : undefined;
}
