import { defineConfig } from 'vitest/config';

/**
 * The curriculum walk (`npm run test:walk`): one lab quiz of every module and one challenge of every category solved
 * in Chromium. It grows with the curriculum, so it is not part of `npm test`; `.ci/run` runs it in its browser lane,
 * before the end-to-end suite.
 */
export default defineConfig({
  test: {
    name: 'walk',
    root: 'e2e',
    environment: 'node',
    include: ['walks/**/*.walk.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 3_600_000,
    // expect.poll gives up after 1 s by default: a smooth scroll or a repaint took longer while CI kept both cores busy.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
