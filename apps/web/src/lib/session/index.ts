export { SessionProvider, LOGIN_PATH, type SessionProviderProps } from './session-provider.tsx';
export { SessionNavigation } from './session-navigation.tsx';
export { useSession, type SessionStatus, type SessionValue } from './session-context.ts';
export { tokenStore, TOKENS_STORAGE_KEY, LEGACY_ACCESS_KEY, LEGACY_REFRESH_KEY, type Tokens } from './token-store.ts';
export { readClaims, secondsRemaining, isExpired, type TokenClaims } from './jwt.ts';
export { refreshTokens, RefreshError, REFRESH_PATH } from './refresh.ts';
export { createRefreshScheduler, type RefreshScheduler, type SessionEndReason } from './refresh-scheduler.ts';
