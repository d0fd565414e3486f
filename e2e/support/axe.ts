import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);
/** Longer than any of the theme's transitions (MUI's longest is 375 ms). */
const TRANSITION_MS = 500;

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

async function blockingViolations(page: Page) {
  await settle(page);
  // axe.run in the page itself: the default runs axe.runPartial and finishes in a new blank page of the context (a
  // renderer more per check) for the sake of cross-origin frames, which the app has none of. Two specs of the suite
  // took 100 s of CPU this way, 115 s the default way. Only violations are read: axe then describes no passing node
  // (a selector for each took a fifth of its time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
}

/**
 * Runs axe on the settled page; throws listing every serious or critical violation. A toast that starts to fade out
 * on its own while axe reads the page has too little contrast for that moment: violations are read once more after
 * the page settles again, and only those that remain fail.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  if ((await blockingViolations(page)).length === 0) return;
  await page.waitForTimeout(TRANSITION_MS);
  const blocking = await blockingViolations(page);
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
