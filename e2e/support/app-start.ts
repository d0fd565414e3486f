import type { Page, Request } from 'playwright-core';

const QUIET_MS = 500;
const TIMEOUT_MS = 15_000;

/**
 * A public page as the server sends it runs no app code until the visitor's first interaction (apps/web/index.html):
 * this moves the mouse, as a visitor would, waits until the app has hydrated the page, then until no request has
 * been in flight for half a second (Playwright's `networkidle` is reached once per page, at its load).
 */
export async function startApp(page: Page): Promise<void> {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => document.documentElement.dataset.prerender === undefined, null, {
      timeout: TIMEOUT_MS,
    });
    const deadline = Date.now() + TIMEOUT_MS;
    while ((pending.size > 0 || Date.now() - lastChange < QUIET_MS) && Date.now() < deadline) {
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The paths of the scripts the page has requested so far. */
export function scriptsRequested(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  );
}
