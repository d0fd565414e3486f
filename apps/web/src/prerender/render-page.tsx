import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { PublicPageData } from '@bastion/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { loadMatchedRoutes } from '../app/router.tsx';
import { routes } from '../app/routes.tsx';
import { pageDataScript, seedPublicPageData } from './page-data.ts';
import { pageDocument, type PageParts } from './page-document.ts';
import { disableUntilHydrated } from './until-hydrated.ts';

export { PRERENDERED_PAGES } from './prerendered-pages.ts';

/**
 * Renders a public page as a signed-out visitor in the dark theme sees it, with the server's `data` in the
 * app's queries: the same tree as src/main.tsx, on a memory router, with the page's code loaded first (so
 * hydration matches). Returns the markup inside #root and, for the head, emotion's `<style data-emotion="css …">`
 * tags (which the app's style cache adopts) and the queries (src/prerender/page-data.ts).
 */
export async function renderPage(pathname: string, data: PublicPageData): Promise<PageParts> {
  await loadMatchedRoutes(pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  // Nothing is fetched here; the client is cleared afterwards, so no cache timer keeps the process waiting.
  const queryClient = createQueryClient();
  seedPublicPageData(queryClient, data);
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
  const critical = emotion.extractCriticalToChunks(html);
  // Styles that only compose others (MUI's styled() over styled()) match no element, so the critical styles leave
  // them out; listed by name without their rules, the client does not serialise and insert them again.
  const used = new Set(critical.styles.flatMap((chunk) => chunk.ids));
  const composing = Object.keys(cache.inserted).filter((id) => !used.has(id) && cache.registered[`css-${id}`]);
  critical.styles.push({ key: 'css', ids: composing, css: '' });
  const head = emotion.constructStyleTagsFromChunks(critical) + pageDataScript(queryClient);
  queryClient.clear();
  return { html: disableUntilHydrated(html), head };
}

/** The whole document of a public page: the built index.html (`template`) around the rendered page. */
export async function renderDocument(template: string, pathname: string, data: PublicPageData): Promise<string> {
  return pageDocument(template, await renderPage(pathname, data));
}
