import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session';
import { SnackbarProvider } from '../lib/snackbar.tsx';
import { AppThemeProvider } from './theme/index.ts';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app uses its one query client. */
  queryClient?: QueryClient;
}

/**
 * Theme, data cache, session and snackbar, each inside the ones it needs. The router goes inside them;
 * its root layout renders `SessionNavigation` so an ended session can navigate to /login.
 */
export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </SessionProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  );
}
