import type { Page } from 'playwright-core';

/**
 * Collects the badges of the collection dialog when it opens within `timeoutMs` (an award that earns a
 * badge opens it over the page, which it hides from assistive technology until collected).
 */
export async function collectBadgesIfShown(page: Page, timeoutMs = 5_000): Promise<boolean> {
  const dialog = page.getByRole('dialog', { name: /new badge/i });
  const shown = await dialog.waitFor({ timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
  if (!shown) return false;
  await dialog.getByRole('button', { name: 'Collect' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return true;
}
