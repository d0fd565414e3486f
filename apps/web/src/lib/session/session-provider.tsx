import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api } from '../api-client.ts';
import { ownProfileQueryOptions } from '../own-profile.ts';
import { readClaims } from './jwt.ts';
import { createRefreshScheduler } from './refresh-scheduler.ts';
import { refreshTokens } from './refresh.ts';
import { SessionContext, type SessionValue } from './session-context.ts';
import { tokenStore, type Tokens } from './token-store.ts';

export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/api/users/logout/';

export interface SessionProviderProps {
  children: ReactNode;
  /**
   * How to reach /login once a session ends. The provider sits above the router's outlet, so it cannot
   * use the router's hooks itself: the app passes its router's navigate (`(to) => router.navigate(to)`
   * for a data router created at module level). Without it the browser loads /login, which is correct
   * too, only slower.
   */
  navigate?: (to: string) => void;
}

type Navigate = (to: string) => void;
/** Lets a component inside the router hand its navigate to the provider (see `SessionNavigation`). */
export const SessionNavigationContext = createContext<((navigate: Navigate) => () => void) | null>(null);

/**
 * Holds the session (R4). Must sit inside the QueryClientProvider.
 *
 * The token store is the single source of truth. Whatever removes the tokens (sign-out here, a failed
 * refresh in the API client, the refresh scheduler, another tab) ends the session the same way: all cached
 * query data is cleared, then the app goes to /login. While signed in, the refresh scheduler runs.
 */
export function SessionProvider({ children, navigate }: SessionProviderProps) {
  const queryClient = useQueryClient();
  // R4, at start: legacy keys migrated, tokens discarded when the access token has already expired.
  useState(() => tokenStore.initialize());
  const tokens = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
  const status = tokens ? 'authenticated' : 'anonymous';
  const claims = useMemo(() => (tokens ? readClaims(tokens.access) : null), [tokens]);

  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // Prefer the router's own navigate (registered by <SessionNavigation/>), then the prop, then a page load.
  const routerNavigateRef = useRef<Navigate | null>(null);
  const registerNavigate = useCallback((next: Navigate) => {
    routerNavigateRef.current = next;
    return () => {
      if (routerNavigateRef.current === next) routerNavigateRef.current = null;
    };
  }, []);
  const goToLogin = useCallback(() => {
    const navigateTo = routerNavigateRef.current ?? navigateRef.current;
    if (navigateTo) navigateTo(LOGIN_PATH);
    else window.location.assign(LOGIN_PATH);
  }, []);

  // One way out of a session, whoever removed the tokens; and no data crosses from one user to another.
  useEffect(() => {
    let previous = tokenStore.get();
    return tokenStore.subscribe(() => {
      const current = tokenStore.get();
      if (previous && !current) {
        queryClient.clear();
        goToLogin();
      } else if (previous && current && readClaims(previous.access)?.userId !== readClaims(current.access)?.userId) {
        queryClient.clear();
      }
      previous = current;
    });
  }, [queryClient, goToLogin]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const scheduler = createRefreshScheduler({
      getTokens: tokenStore.get,
      refresh: refreshTokens,
      endSession: () => tokenStore.clear(),
    });
    scheduler.start();
    return () => scheduler.stop();
  }, [status]);

  // The access token carries no username: it is fetched lazily, the first time a component reads it.
  const tokenUsername = claims?.username ?? null;
  const [usernameWanted, setUsernameWanted] = useState(false);
  const usernameWantedRef = useRef(false);
  const profile = useQuery({
    // The username is selected from the same cached answer every screen of the own profile reads.
    ...ownProfileQueryOptions(),
    enabled: status === 'authenticated' && !tokenUsername && usernameWanted,
    select: (data) => (typeof data?.username === 'string' ? data.username : null),
  });

  const signIn = useCallback(
    (next: Tokens) => {
      tokenStore.set(next);
      // R4: what the new session shows (unseen badges first) is fetched afresh.
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const current = tokenStore.get();
    if (current) {
      try {
        await api.post(LOGOUT_PATH, { refresh: current.refresh }, { skipAuth: true });
      } catch {
        // Best effort: the tokens are forgotten here whatever the server answered.
      }
    }
    if (tokenStore.get()) {
      tokenStore.clear();
    } else {
      queryClient.clear();
      goToLogin();
    }
  }, [queryClient, goToLogin]);

  const value = useMemo<SessionValue>(() => {
    const username = status === 'authenticated' ? (tokenUsername ?? profile.data ?? null) : null;
    const needsFetch = status === 'authenticated' && !tokenUsername;
    return {
      status,
      userId: claims?.userId ?? null,
      get username() {
        if (needsFetch && !usernameWantedRef.current) {
          usernameWantedRef.current = true;
          // Read during a render: the state changes just after it, never inside it.
          queueMicrotask(() => setUsernameWanted(true));
        }
        return username;
      },
      signIn,
      signOut,
    };
  }, [status, claims, tokenUsername, profile.data, signIn, signOut]);

  return (
    <SessionNavigationContext.Provider value={registerNavigate}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </SessionNavigationContext.Provider>
  );
}
