import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { aliases } from './aliases.ts';

const ENTRY = 'src/prerender/render-page.tsx';
/** Where the page renderer goes inside the build; the server loads it from there and never serves it. */
const RENDERER_DIR = 'server';
const RENDERER_FILE = 'render-page.mjs';

/**
 * After the client build: builds src/prerender/render-page.tsx for Node into dist/server/render-page.mjs. The
 * server renders the public pages with it and its own settings (apps/api/src/plugins/web.ts), into the built
 * index.html; the browser hydrates them (src/main.tsx).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bastion:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        resolve: { alias: aliases },
        // The same React and MUI builds as the client's, so class names and markup match.
        define: {
          ...config.define,
          'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development'),
        },
        ssr: { noExternal: true },
        build: {
          ssr: ENTRY,
          outDir: path.resolve(config.root, config.build.outDir, RENDERER_DIR),
          emptyOutDir: true,
          minify: false,
          // .mjs throughout: ES modules wherever the build is copied, whatever package.json is above it.
          rolldownOptions: { output: { entryFileNames: RENDERER_FILE, chunkFileNames: 'assets/[name]-[hash].mjs' } },
        },
      });
      config.logger.info(`built the public pages' renderer into ${RENDERER_DIR}/${RENDERER_FILE}`);
    },
  };
}
