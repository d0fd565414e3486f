import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';

/** The router the app runs on: the browser's, or a memory router when a page is prerendered. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `queryClient`: the prerender's own; the browser uses the app's one query client. */
export function App({ router, queryClient }: { router: AppRouter; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
