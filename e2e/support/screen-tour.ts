import pLimit from 'p-limit';
import type { Browser, Page } from 'playwright-core';
import type { Tokens } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { newPage, type Theme } from './browser.ts';
import { screenshot } from './screenshot.ts';
import { url } from './server.ts';

/** The journey itself is seen dark at 1440 px; these are the other looks of each screen. */
const VARIANTS: { width: number; theme: Theme }[] = [
  { width: 1440, theme: 'light' },
  { width: 375, theme: 'light' },
  { width: 375, theme: 'dark' },
];
const REVISITS_AT_ONCE = 3;

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

/** Fails when the page is wider than the window: a screen that scrolls sideways is broken on a phone. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth) throw new Error(`${label} is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

/**
 * Records the screens a journey passes through (checked with axe and photographed in the dark theme at
 * 1440 px as it goes), then revisits each in the light theme and at 375 px in both themes.
 */
export function screenTour(prefix: string) {
  const visited: Screen[] = [];
  return {
    visited,
    async capture(page: Page, name: string, { signedIn = true, revisit = true } = {}) {
      await expectAccessible(page, `${name} (dark)`);
      await expectNoSidewaysScroll(page, `${name} (dark)`);
      await screenshot(page, `${prefix}-${name}-dark`);
      const address = new URL(page.url());
      if (revisit) visited.push({ name, path: address.pathname + address.search, signedIn });
    },
    /**
     * One page for each look (and for signed-in and signed-out screens), which visits its screens in turn: a page
     * that loads the app again costs half the CPU of a fresh context's first load. Several looks at once: most of a
     * visit is waiting (network idle, animations settling).
     */
    async revisit(browser: Browser, tokens: Tokens) {
      const limit = pLimit(REVISITS_AT_ONCE);
      const looks = VARIANTS.flatMap((variant) =>
        [true, false].map((signedIn) => ({
          ...variant,
          signedIn,
          screens: visited.filter((s) => s.signedIn === signedIn),
        })),
      ).filter((look) => look.screens.length > 0);
      await Promise.all(
        looks.map(({ width, theme, signedIn, screens }) =>
          limit(async () => {
            const page = await newPage(browser, { width, theme, ...(signedIn ? { tokens } : {}) });
            try {
              for (const screen of screens) {
                const label = `${screen.name} (${theme}, ${width}px)`;
                await page.goto(url(screen.path));
                await page.waitForLoadState('networkidle');
                await expectAccessible(page, label);
                await expectNoSidewaysScroll(page, label);
                await screenshot(page, `${prefix}-${screen.name}-${theme}-${width}`);
              }
            } finally {
              await page.context().close();
            }
          }),
        ),
      );
    },
  };
}

/** The navbar's points as the API reports them to the signed-in page. */
export async function navbarPoints(page: Page): Promise<number> {
  const stored = await page.evaluate(() => window.localStorage.getItem('bastion.tokens'));
  const access = (JSON.parse(stored ?? '{}') as { access?: string }).access ?? '';
  const response = await page.request.get(url('/api/navbar/'), { headers: { authorization: `Bearer ${access}` } });
  return ((await response.json()) as { user_points: number }).user_points;
}
