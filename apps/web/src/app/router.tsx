import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes.tsx';

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the lazy routes `pathname` matches into the route table, so a router created afterwards
 * renders that page at once instead of its loading fallback: what hydrating a prerendered page needs, and
 * what the prerender renders. Rejects when a route's code cannot be loaded.
 */
export async function loadMatchedRoutes(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
