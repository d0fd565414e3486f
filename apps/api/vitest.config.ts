import { defineProject } from 'vitest/config';

const kind = process.env.TEST_DB ?? 'pglite';

export default defineProject({
  test: {
    name: kind === 'postgres' ? 'api (postgres)' : 'api (pglite)',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
