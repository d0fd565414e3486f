import { defineProject } from 'vitest/config';

const kind = process.env.TEST_DB ?? 'pglite';

export default defineProject({
  test: {
    name: kind === 'postgres' ? 'api (postgres)' : 'api (pglite)',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database, so the files of a worker share one module graph instead of
    // importing Fastify, Drizzle and PGlite again for each (the accounts files: 54 s of CPU instead of 95, the
    // import 19 s instead of 93). A file that stubs a global or fakes timers restores them after itself.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
