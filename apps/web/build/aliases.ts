import path from 'node:path';
import type { Alias } from 'vite';

const web = path.resolve(import.meta.dirname, '..');

/**
 * The import aliases of tsconfig.json's `paths`, for the build (vite.config.ts, the public pages' renderer) and the
 * tests (vitest.config.ts): `@/x` is src/x, `@test/x` is test/x.
 */
export const aliases: Alias[] = [
  { find: /^@\//, replacement: `${path.join(web, 'src')}/` },
  { find: /^@test\//, replacement: `${path.join(web, 'test')}/` },
];
