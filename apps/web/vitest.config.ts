import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { aliases } from './build/aliases.ts';
import { buildDefines } from './build/defines.ts';

const srcDir = path.join(import.meta.dirname, 'src');

/**
 * The web tests in two groups. A file that replaces a module with `vi.mock` needs a module graph of its own: in a
 * shared one, a module that another file imported first keeps the real import. Every other file can share its
 * worker's graph, which saves importing React, MUI and the app again for each file.
 */
export function webTestFiles(): { replacingModules: string[]; others: string[] } {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
  const replaces = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock(');
  return { replacingModules: files.filter(replaces), others: files.filter((file) => !replaces(file)) };
}

export default defineProject({
  plugins: [react()],
  resolve: { alias: aliases },
  // As vite.config.ts defines them for the build.
  define: buildDefines(),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // An axe run over a whole page takes seconds in jsdom, and several times that while CI keeps both cores busy.
    testTimeout: 30_000,
  },
});
