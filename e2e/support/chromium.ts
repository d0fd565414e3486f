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

/** The system Chromium driven by playwright-core (no browser is downloaded). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Throws when Chromium is missing: the end-to-end suite never skips silently. */
export function assertChromium(): void {
  const executable = chromiumPath();
  if (existsSync(executable)) return;
  throw new Error(
    `The end-to-end suite needs Chromium at ${executable} (set CHROMIUM_PATH to use another one). ` +
      'Install it with: apt-get install -y chromium',
  );
}
