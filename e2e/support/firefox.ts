import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { TOKENS_STORAGE_KEY } from './browser.ts';
import { artifactsDir } from './screenshot.ts';
import { url } from './server.ts';

/**
 * Firefox as Debian packages it (`firefox-esr`), driven through WebDriver BiDi by Puppeteer (Playwright drives only
 * a Firefox build of its own, downloaded; this one is installed from apt as the suite's Chromium is). Headless: it
 * needs no display.
 */
export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
}

/** Throws when Firefox is missing: the check never skips silently. */
export function assertFirefox(): void {
  if (existsSync(firefoxPath())) return;
  throw new Error(
    `The Firefox check needs ${firefoxPath()} (set FIREFOX_PATH to use another). ` +
      'Install it with: apt-get install -y firefox-esr',
  );
}

export function launchFirefox(): Promise<Browser> {
  assertFirefox();
  return puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true });
}

/** A page of a new browser context (its own storage), signed in as `tokens` when given, at the given size. */
export async function firefoxPage(
  browser: Browser,
  { tokens, width = 1280, height = 900 }: { tokens?: unknown; width?: number; height?: number } = {},
): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  if (tokens) {
    await page.goto(url('/robots.txt'));
    await page.evaluate((key, value) => localStorage.setItem(key, value), TOKENS_STORAGE_KEY, JSON.stringify(tokens));
  }
  return page;
}

/** Saves the page as e2e/artifacts/firefox-<name>.png. */
export async function firefoxScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `firefox-${name}.png`) as `${string}.png`, fullPage: true });
}
