import { defineProject } from 'vitest/config';

/** End-to-end: a real server process, a real Chromium, a real SMTP capture. */
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One browser at a time on a small machine; each spec file starts its own.
    fileParallelism: false,
    // Tests marked concurrent: three pages at once keep two cores busy without starving the server.
    maxConcurrency: 3,
    // A learner's whole course took over a minute on a host whose system calls are slow (every page is IPC): slow is
    // not a failure.
    testTimeout: 180_000,
    // In CI a failed browser test runs once more; CI lists every test that passed only then (docs/ci.md).
    retry: process.env.CI ? 1 : 0,
    // expect.poll gives up after 1 s by default: a smooth scroll or a repaint took longer while CI kept both cores busy.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
  },
});
