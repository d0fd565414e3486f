import { createContext, useContext } from 'react';
import type { Tokens } from './token-store.ts';

export type SessionStatus = 'authenticated' | 'anonymous';

export interface SessionValue {
  status: SessionStatus;
  /** The access token's `sub`. */
  userId: string | null;
  /** From the access token when it carries one, otherwise from `GET /api/users/profile/` (null until known). */
  username: string | null;
  /** R4: stores the tokens after a successful sign-in (the page then goes to /dashboard). */
  signIn(tokens: Tokens): void;
  /** R4: best-effort server logout, then the tokens and all cached data are cleared and the app goes to /login. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider.');
  return value;
}
