import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { webTestFiles } from './apps/web/vitest.config.ts';

const ci = process.env.CI === 'true';
const postgresUrl = process.env.TEST_DATABASE_URL;
if (ci && !postgresUrl) {
  throw new Error('CI=true: TEST_DATABASE_URL must be set so the API suite also runs on PostgreSQL.');
}

const web = webTestFiles();

/** Sharing the embedded database is PGlite's alone; *.postgres.test.ts cover what only a server has. */
const apiExclude = (kind: 'pglite' | 'postgres') => [
  ...configDefaults.exclude,
  ...(kind === 'postgres'
    ? ['src/lib/shared-database.test.ts', 'src/cli/data-dir-lock.test.ts']
    : ['src/**/*.postgres.test.ts']),
];

/**
 * `npm test` runs every project: contract, content (the loader and its rules), labs (the guest protocol, and the
 * lab image booted once in v86 under Node), scripts (the docs' path check), API on PGlite (and PostgreSQL), web
 * components, end-to-end.
 */
export default defineConfig({
  test: {
    // Vitest's default keeps a core for its own process, which mostly waits: on a 2-core machine that is one
    // worker, and the suite ran a third longer. End-to-end files still run one at a time (e2e/vitest.config.ts).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: false,
        test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        extends: false,
        test: { name: 'content', root: 'packages/content', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        extends: false,
        test: {
          name: 'labs',
          root: 'packages/labs',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // A limit here only catches a hang: the runner fails a guest that sits idle for its stall time, however
          // slowly it works, and a boot or a test that takes a minute on a busy CI machine must not fail for it.
          testTimeout: 300_000,
          hookTimeout: 310_000,
        },
      },
      // The repository's scripts (scripts/), each tested beside it.
      {
        extends: false,
        test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.ts'] },
      },
      // apps/api/vitest.config.ts reads TEST_DB once, when this file loads: each run names its own exclusions.
      {
        extends: 'apps/api/vitest.config.ts',
        test: { root: 'apps/api', env: { TEST_DB: 'pglite' }, exclude: apiExclude('pglite') },
      },
      ...(postgresUrl
        ? [
            {
              extends: 'apps/api/vitest.config.ts',
              test: {
                name: 'api (postgres)',
                root: 'apps/api',
                env: { TEST_DB: 'postgres' },
                exclude: apiExclude('postgres'),
              },
            },
          ]
        : []),
      // Most web files share their worker's module graph (the web suite ran in 98 s instead of 256 s); those that
      // replace a module with vi.mock each get their own.
      {
        extends: 'apps/web/vitest.config.ts',
        test: { root: 'apps/web', isolate: false, exclude: [...configDefaults.exclude, ...web.replacingModules] },
      },
      {
        extends: 'apps/web/vitest.config.ts',
        test: { name: 'web (isolated)', root: 'apps/web', exclude: [...configDefaults.exclude, ...web.others] },
      },
      'e2e/vitest.config.ts',
    ],
  },
});
