import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppRouter } from './app/app.tsx';
import { createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { silenceConsole } from './app/silence-console.ts';
import { queryClient } from './lib/query-client.ts';
import { adoptPageData } from './prerender/page-data.ts';
import { takeOver } from './prerender/until-hydrated.ts';

if (import.meta.env.PROD) silenceConsole();

const container = document.getElementById('root')!;
const app = (router: AppRouter) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/** Renders nothing: its effect runs once the hydrated page has committed, and hands the page to the app. */
function Hydrated() {
  useEffect(() => takeOver(container), []);
  return null;
}

/**
 * A public page the server rendered (src/prerender/render-page.tsx) is hydrated in place when it shows what
 * this visitor sees: the dark theme, signed out. For anyone else index.html's first script has marked it stale
 * and hidden it, and the app renders from scratch, as it does on every other page. Either way the app starts
 * with the server's answers the page carries.
 */
async function start() {
  const root = document.documentElement;
  adoptPageData(queryClient);
  if (container.hasChildNodes() && root.dataset.prerender !== 'stale') {
    try {
      await loadMatchedRoutes(window.location.pathname);
      // As a transition, hydration yields to the browser every few milliseconds instead of holding it.
      startTransition(() => {
        hydrateRoot(
          container,
          <>
            {app(createAppRouter())}
            <Hydrated />
          </>,
        );
      });
      return;
    } catch {
      // The page's code did not load: the router loads it again and shows its error page if that fails too.
    }
  }
  container.replaceChildren();
  delete root.dataset.prerender;
  createRoot(container).render(app(createAppRouter()));
}

void start();
