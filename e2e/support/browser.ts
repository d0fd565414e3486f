import { chromium, type Browser, type Page } from 'playwright-core';
import type { Tokens } from './accounts.ts';
import { CHROMIUM_ARGS, testBrowserPath } from './chromium.ts';
import { baseUrl } from './server.ts';

/**
 * V8's baseline WebAssembly compiler only, as the Node lab runner has it (decision 0177): the labs' code is compiled
 * once, not a second time by the optimising compiler, which on two cores cost twice the emulation. A learner's
 * browser keeps its defaults; `npm run bench:lab` measures those.
 */
const LAB_V8_FLAGS = '--js-flags=--liftoff-only';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: testBrowserPath(), headless: true, args: [...CHROMIUM_ARGS, LAB_V8_FLAGS] });
}

export type Theme = 'dark' | 'light';

/** The web app keeps the theme under this key (apps/web/src/lib/theme-mode.ts). */
export const THEME_STORAGE_KEY = 'bastion.theme';
/** …and the session's tokens under this one, as `{access, refresh}` (apps/web/src/lib/session/token-store.ts). */
export const TOKENS_STORAGE_KEY = 'bastion.tokens';

export interface PageOptions {
  width?: number;
  height?: number;
  /** The theme in local storage before the first page loads. */
  theme?: Theme;
  /** Starts signed in: the tokens are in local storage before the first page loads, as the app stores them. */
  tokens?: Tokens;
}

/**
 * The headless shell keeps its pointer at the window's top-left corner and reports it moving there as a page loads, as
 * a desktop browser does for a pointer that rests over the window. A test's visitor has not touched the page until the
 * test acts, so that one report is not passed on: the app starts at a visitor's first interaction
 * (apps/web/index.html), and the suite checks what a page does before it.
 */
function ignoreTheRestingPointer() {
  addEventListener(
    'pointermove',
    (event) => {
      if (event.clientX === 0 && event.clientY === 0) event.stopImmediatePropagation();
    },
    { capture: true, once: true },
  );
}

/** A page in a fresh context (no shared storage), at the given width, theme and session. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const localStorage: { name: string; value: string }[] = [];
  if (options.theme) localStorage.push({ name: THEME_STORAGE_KEY, value: options.theme });
  if (options.tokens) localStorage.push({ name: TOKENS_STORAGE_KEY, value: JSON.stringify(options.tokens) });
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    storageState: { cookies: [], origins: [{ origin: new URL(baseUrl()).origin, localStorage }] },
  });
  await context.addInitScript(ignoreTheRestingPointer);
  return context.newPage();
}
