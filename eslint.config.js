// Decision 0010: lint guard rails for the architecture (layers, no cycles, file names).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = folders('apps/web/src/features');

// Decision 0210: the API's domains stand on floors; a domain imports only from the floors below its own.
/** The floors of the API's domains (apps/api/src/features/), the ground floor first: docs/architecture.md. */
const apiDomainFloors = [
  ['audit', 'mail', 'captcha', 'system'],
  ['content', 'notifications', 'integrity', 'engagement'],
  ['billing', 'media', 'submissions', 'lab-health'],
  ['accounts'],
  ['two-factor', 'gamification'],
  ['sessions', 'learners', 'coupons', 'leaderboard', 'courses'],
  ['dashboard'],
  ['profiles'],
  ['certificates', 'challenges'],
  ['admin'],
];
const apiDomains = folders('apps/api/src/features');
const unplaced = apiDomains.filter((domain) => !apiDomainFloors.flat().includes(domain));
const gone = apiDomainFloors.flat().filter((domain) => !apiDomains.includes(domain));
if (unplaced.length > 0 || gone.length > 0) {
  throw new Error(
    `eslint.config.js: apiDomainFloors lacks [${unplaced.join(', ')}] and names no folder [${gone.join(', ')}]; ` +
      'keep it and docs/architecture.md to the folders of apps/api/src/features/.',
  );
}

/** The boundaries of docs/architecture.md: each zone's `target` may not import from its `from`. */
const boundaries = [
  // A web feature uses shared components/, lib/ and domain/, never another feature.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Web features do not import each other: move what they share to components/, lib/ or domain/.',
  })),
  // The web app's infrastructure (lib/) knows nothing of Bastion's domain; the domain helpers (domain/) no screen.
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/domain', './apps/web/src/components', './apps/web/src/features', './apps/web/src/app'],
    message: "lib/ is the web app's infrastructure: what knows the domain goes to domain/, a screen to components/.",
  },
  {
    target: './apps/web/src/domain',
    from: ['./apps/web/src/components', './apps/web/src/features', './apps/web/src/app'],
    message: 'domain/ holds the rules and texts features share, on lib/ only: no components, features or app.',
  },
  // An API domain imports the floors below its own: never its own floor's domains, never a floor above.
  ...apiDomainFloors.flatMap((floor, level) =>
    floor
      .map((domain) => ({
        target: `./apps/api/src/features/${domain}`,
        from: apiDomainFloors
          .slice(level)
          .flat()
          .filter((other) => other !== domain)
          .map((other) => `./apps/api/src/features/${other}`),
        message:
          'An API domain imports only the floors below its own (docs/architecture.md): move what both need down, ' +
          'or to lib/, or pass it in at registration.',
      }))
      .filter((zone) => zone.from.length > 0),
  ),
  { target: './packages', from: './apps', message: 'Packages know nothing of the apps.' },
  { target: './packages/contract', from: './packages/db', message: 'The contract is shapes and texts only.' },
  {
    target: './packages/content',
    from: './packages/db',
    message: 'The curriculum loads and checks without a database.',
  },
  { target: './packages/content', from: './packages/labs', message: 'Content is data: the labs package replays it.' },
  { target: './packages/labs', from: './packages/db', message: 'The lab protocol runs in a browser too: no database.' },
  { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
  { target: './apps/api', from: './apps/web', message: 'The API knows nothing of the web app.' },
  // Tools outside the apps use the packages, or run an app as a process (src/server.ts, src/cli/index.ts).
  ...['./e2e', './bench'].flatMap((target) => [
    { target, from: './apps/web/src', message: 'Outside the web app, drive the built app in a browser.' },
    {
      target,
      from: './apps/api/src',
      // The benchmarks build the app in their own process, through its entry (@bastion/api).
      except: target === './bench' ? ['./index.ts'] : [],
      message: 'Outside the API, use the packages (@bastion/content, @bastion/labs/node) or run the server or the CLI.',
    },
  ]),
];

/**
 * The web app's import aliases (the `paths` of apps/web/tsconfig.json: `@/x` is src/x, `@test/x` is test/x), made
 * paths before the TypeScript resolver sees them: it does not apply the `paths` of a tsconfig that has `references`.
 * The boundaries then hold for an aliased import as for a relative one.
 */
const webApp = path.join(import.meta.dirname, 'apps/web');
const webAliases = { '@/': path.join(webApp, 'src'), '@test/': path.join(webApp, 'test') };
function withWebAliases(resolver) {
  return {
    ...resolver,
    resolve(source, file) {
      const alias = Object.keys(webAliases).find((prefix) => source.startsWith(prefix));
      if (!alias || !file.startsWith(`${webApp}${path.sep}`)) return resolver.resolve(source, file);
      return resolver.resolve(path.join(webAliases[alias], source.slice(alias.length)), file);
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      'data/**',
      'content/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [importX.flatConfigs.typescript],
    settings: {
      'import-x/resolver-next': [
        withWebAliases(
          createTypeScriptImportResolver({
            noWarnOnMultipleProjects: true,
            project: [
              'apps/*/tsconfig.json',
              'packages/*/tsconfig.json',
              'e2e/tsconfig.json',
              'bench/tsconfig.json',
              'scripts/tsconfig.json',
            ],
          }),
        ),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    // The browser entry of @bastion/labs is bundled into the web app's lab worker: nothing of Node in it.
    files: ['packages/labs/src/**/*.ts'],
    ignores: ['packages/labs/src/node/**', 'packages/labs/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', './node/*', '@bastion/content', '@bastion/db'],
              message: 'The browser entry runs in a browser: Node code goes under src/node/ (@bastion/labs/node).',
            },
            {
              group: ['v86'],
              allowTypeImports: true,
              message: 'v86 is started by its host (the web worker, src/node/): only its types here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'The db package knows no HTTP.' }] },
      ],
    },
  },
  {
    // Files in kebab-case; React pages (and their tests) are named XPage.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/web/src/**/pages/*Page.*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/src/**/pages/*Page.*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.tsx': 'PASCAL_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
);
