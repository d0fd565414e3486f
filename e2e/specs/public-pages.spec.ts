import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { scriptsRequested, startApp } from '../support/app-start.ts';
import { launchBrowser, newPage, type Theme } from '../support/browser.ts';
import { screenshot } from '../support/screenshot.ts';
import { url } from '../support/server.ts';

/** Every public page is rendered by the server (apps/web/src/prerender/prerendered-pages.ts). */
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/contact', '/pricing', '/privacy', '/terms'];
const THEMES: Theme[] = ['dark', 'light'];
const WIDTHS = [1440, 375];

type FirstPaintWindow = Window & { firstHeading?: Element; rootVisibility?: string };

/**
 * Runs before the page's own scripts: keeps the first h1 the document gets (the parser's, when the page is
 * prerendered) and whether #root was visible when its content arrived.
 */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watcher = window as FirstPaintWindow;
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      const heading = root?.querySelector('h1');
      if (!root || !heading) return;
      watcher.firstHeading = heading;
      watcher.rootVisibility = getComputedStyle(root).visibility;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Errors and warnings the page logs, and uncaught errors (a failed hydration reports one). */
function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/**
 * Visits one public page in an open page of the look's own context: loads it as a first visit would (the document,
 * its first paint and its scripts are the page's own; the resting pointer is back in the window's corner), then
 * checks it as a visitor sees it.
 */
async function visit(page: Page, pathname: string, theme: Theme, width: number): Promise<void> {
  const label = `${pathname} (${theme}, ${width}px)`;
  const logged = collectConsole(page);
  try {
    const response = await page.goto(url(pathname));
    // The server sends the page's content, not the empty shell: it paints before any script runs.
    expect(await response?.text(), label).toMatch(/<div id="root"><.*<h1[^>]*>[^<]+<\/h1>/s);
    // The page is rendered once its main landmark is there and the route's lazy chunk has loaded.
    await page.locator('main').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    if (theme === 'dark') {
      // Complete as the server sent it: no app code runs until the visitor's first interaction.
      expect(await scriptsRequested(page), label).toEqual([]);
      await startApp(page);
    }
    const firstPaint = await page.evaluate(() => {
      const watcher = window as FirstPaintWindow;
      const heading = document.querySelector('main h1');
      return {
        visibility: watcher.rootVisibility,
        sameHeading: heading !== null && heading === watcher.firstHeading,
      };
    });
    if (theme === 'dark') {
      // Shown at once and hydrated in place: the heading the server sent is the one on the page.
      expect(firstPaint, label).toEqual({ visibility: 'visible', sameHeading: true });
    } else {
      // The server's page is the dark theme: hidden until the app has rendered the light page over it.
      expect(firstPaint, label).toEqual({ visibility: 'hidden', sameHeading: false });
    }
    const name = `public${pathname === '/' ? '-home' : pathname.replace(/\//g, '-')}-${theme}-${width}`;
    await screenshot(page, name);
    // Nothing wider than the viewport: no sideways scrolling of the whole page (WCAG 1.4.10 reflow).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(width);
    await expectAccessible(page, label);
    expect(logged, label).toEqual([]);
  } finally {
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    // The pointer rests where a fresh window's does, so the next page's load reports no move of the visitor's.
    await page.mouse.move(0, 0);
  }
}

// One page per look, which visits every public page in turn: a page loaded again in an open page costs half the CPU
// of a fresh context's first load. The looks run at once (the e2e project's maxConcurrency): most of a visit is
// waiting for the network and animations.
describe.concurrent('public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`${PUBLIC_PAGES.join(', ')} are rendered by the server, fit the width and are free of serious accessibility violations (${theme}, ${width}px)`, async () => {
        const page = await newPage(browser, { theme, width, height: width < 600 ? 812 : 900 });
        try {
          await watchFirstPaint(page);
          for (const pathname of PUBLIC_PAGES) await visit(page, pathname, theme, width);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});
