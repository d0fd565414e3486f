import { defineConfig } from 'vitest/config';

/**
 * Firefox (`npm run test:firefox`): the labs and the public pages in Debian's Firefox ESR through WebDriver BiDi, on
 * the server the end-to-end suite starts. Needs `apt-get install -y firefox-esr`; not part of `npm test`.
 */
export default defineConfig({
  test: {
    name: 'firefox',
    root: 'e2e',
    environment: 'node',
    include: ['firefox/**/*.firefox.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One Firefox at a time: a lab's machine wants a core of its own.
    fileParallelism: false,
    testTimeout: 120_000,
    // In CI a failed browser test runs once more; CI lists every test that passed only then (docs/ci.md).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});
