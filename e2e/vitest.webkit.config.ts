import { defineConfig } from 'vitest/config';

/**
 * WebKit (`npm run test:webkit`): the app started in Debian's WebKitGTK through its WebDriver, on the server the
 * end-to-end suite starts. Needs `apt-get install -y webkit2gtk-driver xvfb`; not part of `npm test`.
 */
export default defineConfig({
  test: {
    name: 'webkit',
    root: 'e2e',
    environment: 'node',
    include: ['webkit/**/*.webkit.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One MiniBrowser at a time: a lab's machine wants a core of its own.
    fileParallelism: false,
    testTimeout: 120_000,
    // In CI a failed browser test runs once more; CI lists every test that passed only then (docs/ci.md).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});
