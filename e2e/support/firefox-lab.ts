import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { TOKENS_STORAGE_KEY } from './browser.ts';
import {
  labStatusesInPage,
  pollLabScreen,
  recordLabStatusesInPage,
  recordWarningsInPage,
  warningsInPage,
} from './lab-watch.ts';
import { artifactsDir } from './screenshot.ts';
import { url } from './server.ts';

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

/** What the lab's terminal shows, as text. */
export const labScreen = (page: Page) =>
  page.evaluate(() => (document.querySelector('.xterm-rows') as HTMLElement | null)?.innerText ?? '');

export const waitForLabScreen = (page: Page, test: (shown: string) => boolean, timeout?: number) =>
  pollLabScreen(() => labScreen(page), test, timeout);

/** Clicks the enabled button whose text is `name`, as a pointer would, once it is in view. */
export async function pressButton(page: Page, name: string) {
  await expect
    .poll(
      () =>
        page.evaluate((name) => {
          const button = Array.from(document.querySelectorAll('button')).find(
            (candidate) => candidate.textContent?.trim() === name && !candidate.disabled,
          );
          document.querySelectorAll('[data-pressed-by-test]').forEach((e) => e.removeAttribute('data-pressed-by-test'));
          if (!button) return false;
          button.setAttribute('data-pressed-by-test', '');
          button.scrollIntoView({ block: 'center', behavior: 'instant' });
          return true;
        }, name),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.click('[data-pressed-by-test]');
}

/** Types into the lab's terminal (xterm.js's hidden textarea) with real key events (`\n` presses Enter). */
export async function typeInLab(page: Page, text: string) {
  await page.focus('.xterm-helper-textarea');
  await page.keyboard.type(text);
}

/** Records the statuses the lab shows, as they come; `labStatuses` reads them back. */
export const recordLabStatuses = (page: Page) => page.evaluate(recordLabStatusesInPage);

export const labStatuses = (page: Page) => page.evaluate(labStatusesInPage);

/** Records what the page warns of from now on; `pageWarnings` reads it back. */
export const recordWarnings = (page: Page) => page.evaluate(recordWarningsInPage);

export const pageWarnings = (page: Page) => page.evaluate(warningsInPage);

/** The guest's terminal size, as `stty size` prints it. */
export async function sttySize(page: Page): Promise<string> {
  await typeInLab(page, 'clear; stty size\n');
  await waitForLabScreen(page, (shown) => /^\d+ \d+$/m.test(shown));
  return /^(\d+ \d+)$/m.exec(await labScreen(page))![1]!;
}
