import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox } from '../support/firefox.ts';
import { firefoxPage, firefoxScreenshot } from '../support/firefox-lab.ts';
import { url } from '../support/server.ts';

/** The public site's pages a visitor reaches from the home page. */
const PAGES = ['/', '/pricing', '/contact', '/login', '/register', '/forgot-password', '/privacy', '/terms'];

/**
 * The public pages in Firefox: each starts the app (the server's page is taken over, its heading shown) with no
 * script error and nothing the Content-Security-Policy refuses (Firefox reported an `eval` once).
 */
describe('the public pages in Firefox', () => {
  let firefox: Browser;
  beforeAll(async () => {
    firefox = await launchFirefox();
  });
  afterAll(() => firefox?.close());

  it('each starts the app with no script error and nothing the policy refuses', { timeout: 120_000 }, async () => {
    const page = await firefoxPage(firefox);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const [index, path] of PAGES.entries()) {
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
        );
      });
      await page.goto(url(path));
      // The server's page starts the app at the visitor's first move (index.html); a move to where the pointer
      // already is dispatches nothing, so each page gets a move of its own.
      await page.mouse.move(20 + index * 10, 20);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.prerender === undefined), { timeout: 15_000 })
        .toBe(true);
      expect(await page.evaluate(() => document.querySelector('h1')?.textContent ?? ''), path).not.toBe('');
    }
    await firefoxScreenshot(page, 'public-terms');
    expect(errors).toEqual([]);
  });
});
