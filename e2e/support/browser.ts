import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath } from './chromium.ts';

/** Flags for a closed network: without them Chromium keeps trying to reach Google's services. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

export type Theme = 'dark' | 'light';

/** The web app keeps the theme under this key (apps/web/src/lib/theme-mode.ts). */
const THEME_STORAGE_KEY = 'bastion.theme';

export interface PageOptions {
  width?: number;
  height?: number;
  theme?: Theme;
}

/** A page in a fresh context (no shared storage), at the given width and theme. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  if (options.theme) {
    await context.addInitScript(
      ([key, theme]) => window.localStorage.setItem(key as string, theme as string),
      [THEME_STORAGE_KEY, options.theme],
    );
  }
  return context.newPage();
}
