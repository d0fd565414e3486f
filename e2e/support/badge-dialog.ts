import type { Locator, Page } from 'playwright-core';
import { TOKENS_STORAGE_KEY } from './browser.ts';

const badgeDialog = (page: Page) => page.getByRole('dialog', { name: /new badge/i });

async function collect(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Collect' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** How many badges the learner has earned and not collected, asked with the page's own session. */
function unseenBadges(page: Page): Promise<number> {
  return page.evaluate(async (key) => {
    const { access } = JSON.parse(localStorage.getItem(key) ?? '{}') as { access?: string };
    const response = await fetch('/api/badges/unseen/', { headers: { authorization: `Bearer ${access}` } });
    if (!response.ok) throw new Error(`GET /api/badges/unseen/: ${response.status}`);
    return ((await response.json()) as unknown[]).length;
  }, TOKENS_STORAGE_KEY);
}

/**
 * Collects every badge the learner has earned so far. The server says whether there are any: the dialog is waited
 * for only then (an award refreshes the page's unseen badges, which opens it over the page), and otherwise not at all.
 */
export async function collectEarnedBadges(page: Page, timeoutMs = 30_000): Promise<void> {
  while ((await unseenBadges(page)) > 0) {
    const dialog = badgeDialog(page);
    await dialog.waitFor({ timeout: timeoutMs });
    await collect(dialog);
  }
}

/**
 * Waits for `target` to show, collecting the badge dialog each time it opens over the page meanwhile (while it is
 * open, the page behind it is hidden from assistive technology, so `target` cannot be found).
 */
export async function waitPastBadges(page: Page, target: Locator, timeoutMs = 15_000): Promise<void> {
  const dialog = badgeDialog(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await target
      .or(dialog)
      .first()
      .waitFor({ timeout: Math.max(1, deadline - Date.now()) });
    if (!(await dialog.isVisible())) return;
    await collect(dialog);
  }
}
