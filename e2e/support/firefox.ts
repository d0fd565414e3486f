import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Firefox as Debian packages it (`firefox-esr`), driven through WebDriver BiDi by Puppeteer (Playwright drives only
 * a Firefox build of its own, downloaded; this one is installed from apt as the suite's Chromium is). Headless: it
 * needs no display.
 */
export function firefoxPath(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
}

/** Throws when Firefox is missing: the check never skips silently. */
export function assertFirefox(): void {
  if (existsSync(firefoxPath())) return;
  throw new Error(
    `The Firefox check needs ${firefoxPath()} (set FIREFOX_PATH to use another). ` +
      'Install it with: apt-get install -y firefox-esr',
  );
}

export function launchFirefox(): Promise<Browser> {
  assertFirefox();
  return puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true });
}
