import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { loadMatchedRoutes } from '../app/router.tsx';
import { routes } from '../app/routes.tsx';

export { PRERENDERED_DIR, PRERENDERED_PAGES, prerenderedFileName } from './prerendered-pages.ts';
export { disableUntilHydrated } from './until-hydrated.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's styles as emotion's <style data-emotion="css …"> tags, which the app's style cache adopts. */
  styles: string;
}

/**
 * Renders a public page as a signed-out visitor in the dark theme sees it before any request: the same
 * tree as src/main.tsx, on a memory router, with the page's code loaded first (so hydration matches).
 */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  await loadMatchedRoutes(pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  // Nothing is fetched here; the client is cleared afterwards, so no cache timer keeps the build running.
  const queryClient = createQueryClient();
  // The key the client's default cache uses: it adopts these styles instead of inserting them again.
  const cache = createCache({ key: 'css' });
  // Before rendering: it switches the cache to collecting styles instead of writing them into the markup.
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>
    </CacheProvider>,
  );
  router.dispose();
  queryClient.clear();
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
