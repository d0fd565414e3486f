import { existsSync } from 'node:fs';

/** Flags for a closed network: without them Chromium keeps trying to reach Google's services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium, the browser a learner runs: the benches measure it (no browser is downloaded). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * The browser the end-to-end suite and the walk drive: Debian's headless shell, Chromium's own engine without the
 * desktop browser around it (decision 0178). It used 60 s of CPU where the full browser used 104 s for the same specs.
 */
export function testBrowserPath(): string {
  return process.env.TEST_BROWSER_PATH || '/usr/bin/chromium-headless-shell';
}

/** Throws when the test browser is missing: the end-to-end suite never skips silently. */
export function assertTestBrowser(): void {
  const executable = testBrowserPath();
  if (existsSync(executable)) return;
  throw new Error(
    `The end-to-end suite needs Chromium's headless shell at ${executable} (set TEST_BROWSER_PATH to use another ` +
      'Chromium). Install it with: apt-get install -y chromium-headless-shell',
  );
}
