import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** Waits until every finite CSS transition and animation has ended (a fading dialog has no contrast yet). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe on the settled page; throws listing every serious or critical violation. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  if (blocking.length === 0) return;
  const lines = blocking.map(
    (v) =>
      `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  throw new Error(`Accessibility violations on ${label}:\n${lines.join('\n')}`);
}
