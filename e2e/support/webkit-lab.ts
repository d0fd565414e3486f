import { expect } from 'vitest';
import { labStatusesInPage, pollLabScreen, recordLabStatusesInPage } from './lab-watch.ts';
import type { WebKitPage } from './webkit.ts';

/** What the lab's terminal shows, as text. */
export const labScreen = (page: WebKitPage) =>
  page.evaluate<string>("return document.querySelector('.xterm-rows')?.innerText ?? ''");

export const waitForLabScreen = (page: WebKitPage, test: (shown: string) => boolean, timeout?: number) =>
  pollLabScreen(() => labScreen(page), test, timeout);

/**
 * Clicks the enabled button named `name` as a pointer would, once it is in view. The page scrolls smoothly, and a
 * click during the scroll lands where the button was: the button is scrolled to at once.
 */
export async function pressButton(page: WebKitPage, name: string) {
  await expect
    .poll(
      () =>
        page.evaluate<boolean>(
          `const button = Array.from(document.querySelectorAll('button'))
             .find((b) => b.textContent.trim() === arguments[0] && !b.disabled);
           document.querySelectorAll('[data-pressed-by-test]').forEach((e) => e.removeAttribute('data-pressed-by-test'));
           if (!button) return false;
           button.setAttribute('data-pressed-by-test', '');
           button.scrollIntoView({ block: 'center', behavior: 'instant' });
           return true;`,
          name,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.click('[data-pressed-by-test]');
}

/** Types into the lab's terminal (xterm.js's hidden textarea) with real key events. */
export const typeInLab = (page: WebKitPage, text: string) => page.type('.xterm-helper-textarea', text);

/** The statuses the lab shows, as they come; read back with `labStatuses`. */
export const RECORD_LAB_STATUSES = `(${recordLabStatusesInPage.toString()})()`;

export const labStatuses = (page: WebKitPage) => page.evaluate<string[]>(`return (${labStatusesInPage.toString()})()`);
