import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../src/lib/query-client.ts';
import { SessionNavigation, SessionProvider } from '../src/lib/session';
import { SnackbarProvider } from '../src/lib/snackbar.tsx';

export interface RenderRouteOptions {
  /** The route pattern of the page, e.g. '/reset-password/:uidb64/:token'. */
  path: string;
  element: ReactElement;
  /** The address opened first; the pattern itself by default. */
  initialEntry?: string;
  /** Extra routes; '/login' and '/dashboard' get a placeholder unless the page is one of them. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
  /** Pass `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

const placeholder = (path: string, text: string): RouteObject => ({ path, element: <p>{text}</p> });

/** Renders one page inside a memory router with the app's providers (query client, session, snackbar). */
export function renderRoute({
  path,
  element,
  initialEntry,
  routes = [],
  queryClient,
  userOptions,
}: RenderRouteOptions) {
  const client = queryClient ?? createQueryClient();
  const all: RouteObject[] = [{ path, element }, ...routes];
  if (path !== '/login') all.push(placeholder('/login', 'Login screen'));
  if (path !== '/dashboard') all.push(placeholder('/dashboard', 'Dashboard screen'));
  // As in the app: the session provider sits above the router and gets its navigate from inside it.
  const layout: RouteObject = {
    element: (
      <>
        <SessionNavigation />
        <Outlet />
      </>
    ),
    children: all,
  };
  const router = createMemoryRouter([layout], { initialEntries: [initialEntry ?? path] });
  const user = userEvent.setup(userOptions);
  const result = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient: client, user };
}
