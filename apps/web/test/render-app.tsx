import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../src/app/providers.tsx';
import { SessionNavigation } from '../src/lib/session';
import { createQueryClient } from '../src/lib/query-client.ts';
import { makeTokens, storeTokens } from './tokens.ts';

/** Stores a live session (access valid for an hour, refresh for a week), as a successful sign-in would. */
export function signIn(username = 'ada'): void {
  storeTokens(makeTokens(3600, 7 * 24 * 3600, { username }));
}

/** A query client with the app's defaults but no retries, so failures show at once. */
export function createTestQueryClient() {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/** Renders route objects at `path` with every provider of the app. */
export function renderRoutes(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user, queryClient };
}

/** A stand-in screen for a route the page links to, so a test can see where it went. */
export const placeholder = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Renders pages signed in as `username`, under the session's navigation as in the app, at `entry`. */
export function renderSignedIn(entry: string, pages: RouteObject[], { username = 'ada' as string | null } = {}) {
  if (username) signIn(username);
  const layout = (
    <>
      <SessionNavigation />
      <Outlet />
    </>
  );
  return renderRoutes(entry, [{ element: layout, children: pages }]);
}

/** Renders one element inside the app's providers and a router (for components that link or navigate). */
export function renderWithApp(ui: ReactNode, path = '/') {
  return renderRoutes(path, [
    {
      path: '*',
      element: (
        <>
          <SessionNavigation />
          {ui}
        </>
      ),
    },
  ]);
}
