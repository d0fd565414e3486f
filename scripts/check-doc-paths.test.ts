import { describe, expect, it } from 'vitest';
import { danglingPaths, looksLikeRepoPath, namedPaths } from './check-doc-paths.mjs';

// The documentation check of `npm run lint:docs` (check-doc-paths.mjs beside this file): every repository path a doc
// names exists.
const repo = [
  'apps/api/test/fake-stripe.ts',
  'apps/web/src/lib/field-errors.ts',
  'docs/decisions/README.md',
  'README.md',
];

describe('check-doc-paths', () => {
  it('takes backticked repository paths and leaves guest paths, routes, placeholders and MIME types alone', () => {
    expect(looksLikeRepoPath('apps/api/test/fake-stripe.ts')).toBe(true);
    expect(looksLikeRepoPath('labs/image/')).toBe(true);
    for (const text of [
      '/etc/profile',
      '/api/users/login/',
      'text/plain',
      'DATA_DIR/outbox/',
      '~/tools',
      'a/*.ts',
      '@bastion/labs',
      'and/or',
    ]) {
      expect(looksLikeRepoPath(text), text).toBe(false);
    }
  });

  it('finds paths in backticks and relative links, with their lines, outside fenced code', () => {
    const markdown = [
      'See `apps/x.ts` and [the index](decisions/README.md#top).',
      '```',
      '`ignored/in-fence.ts`',
      '```',
      '[site](https://example.com/a.md)',
    ].join('\n');
    expect(namedPaths(markdown)).toEqual([
      { kind: 'code', path: 'apps/x.ts', line: 1 },
      { kind: 'link', path: 'decisions/README.md', line: 1 },
    ]);
  });

  it('reports a moved file, a broken link and a missing folder', () => {
    const docs = {
      'docs/a.md': 'Uses `modules/billing/fake-stripe.ts`, [records](decisions/README.md) and [old](decisions.md).',
      'README.md': 'Built into `labs/missing/`.',
    };
    expect(danglingPaths(docs, repo)).toEqual([
      { doc: 'docs/a.md', line: 1, path: 'modules/billing/fake-stripe.ts' },
      { doc: 'docs/a.md', line: 1, path: 'decisions.md' },
      { doc: 'README.md', line: 1, path: 'labs/missing/' },
    ]);
  });

  it('accepts root paths, shortened paths, existing folders and what git ignores', () => {
    const docs = {
      'docs/a.md':
        'Fake at `apps/api/test/fake-stripe.ts`, reader in `lib/field-errors.ts`, folder `apps/web/`, data in `data/outbox/`.',
    };
    expect(danglingPaths(docs, repo, (file) => file.startsWith('data/'))).toEqual([]);
  });
});
