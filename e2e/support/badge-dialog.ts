import type { Locator, Page } from 'playwright-core';

const badgeDialog = (page: Page) => page.getByRole('dialog', { name: /new badge/i });

async function collect(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Collect' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Collects the badges of the collection dialog when it opens within `timeoutMs` (an award that earns a
 * badge opens it over the page, which it hides from assistive technology until collected).
 */
export async function collectBadgesIfShown(page: Page, timeoutMs = 5_000): Promise<boolean> {
  const dialog = badgeDialog(page);
  const shown = await dialog.waitFor({ timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
  if (shown) await collect(dialog);
  return shown;
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
