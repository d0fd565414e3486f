import { defineProject } from 'vitest/config';

const kind = process.env.TEST_DB ?? 'pglite';

export default defineProject({
  test: {
    name: kind === 'postgres' ? 'api (postgres)' : 'api (pglite)',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Sharing the embedded database is PGlite's alone; the PostgreSQL run has nothing of it to test.
    exclude: kind === 'postgres' ? ['src/lib/shared-database.test.ts'] : [],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
