import { expect } from 'vitest';

/**
 * Reads what the lab's terminal shows until `test` holds of it, whatever drives the browser; a failure says what the
 * terminal showed last.
 */
export async function pollLabScreen(read: () => Promise<string>, test: (shown: string) => boolean, timeout = 30_000) {
  let shown = '';
  await expect
    .poll(async () => test((shown = await read())), { timeout, interval: 200 })
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe lab's terminal showed:\n${shown}`);
    });
}

type WithStatuses = Window & { labStatuses?: string[] };

/** Runs in the page: records the statuses the lab shows as they come (a fast phase may last less than a poll). */
export function recordLabStatusesInPage(): void {
  const seen: string[] = [];
  (window as WithStatuses).labStatuses = seen;
  new MutationObserver(() => {
    for (const status of Array.from(document.querySelectorAll('[role="status"]'))) {
      const text = status.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/** Runs in the page: the statuses recorded since `recordLabStatusesInPage`. */
export function labStatusesInPage(): string[] {
  return (window as WithStatuses).labStatuses ?? [];
}

type WithWarnings = Window & { labWarnings?: string[] };

/**
 * Runs in the page: keeps what it warns of from now on (why a reset set the lab up again, lab-session.ts says), for
 * a browser whose driver does not pass the page's console on (Firefox through WebDriver BiDi passed none of the
 * lab's warnings to the reset test's listener).
 */
export function recordWarningsInPage(): void {
  const page = window as WithWarnings;
  if (page.labWarnings) return;
  const warnings: string[] = [];
  page.labWarnings = warnings;
  const warn = console.warn.bind(console);
  console.warn = (...parts: unknown[]) => {
    warnings.push(parts.map(String).join(' '));
    warn(...parts);
  };
}

/** Runs in the page: the warnings recorded since `recordWarningsInPage`. */
export function warningsInPage(): string[] {
  return (window as WithWarnings).labWarnings ?? [];
}
