import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, newPage, type Theme } from '../support/browser.ts';
import { screenshot } from '../support/screenshot.ts';
import { url } from '../support/server.ts';

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/contact', '/pricing', '/privacy', '/terms'];
const THEMES: Theme[] = ['dark', 'light'];
const WIDTHS = [1440, 375];

// Concurrent (the e2e project's maxConcurrency): most of a visit is waiting for the network and animations.
describe.concurrent('public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const pathname of PUBLIC_PAGES) {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        it(`${pathname} fits the width and is free of serious accessibility violations (${theme}, ${width}px)`, async ({
          expect,
        }) => {
          const page = await newPage(browser, { theme, width, height: width < 600 ? 812 : 900 });
          try {
            await page.goto(url(pathname));
            // The page is rendered once its main landmark is there and the route's lazy chunk has loaded.
            await page.locator('main').first().waitFor({ timeout: 15_000 });
            await page.waitForLoadState('networkidle');
            const name = `public${pathname === '/' ? '-home' : pathname.replace(/\//g, '-')}-${theme}-${width}`;
            await screenshot(page, name);
            // Nothing wider than the viewport: no sideways scrolling of the whole page (WCAG 1.4.10 reflow).
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
            await expectAccessible(page, `${pathname} (${theme}, ${width}px)`);
          } finally {
            await page.context().close();
          }
        });
      }
    }
  }
});
