import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

type RenderModule = typeof import('../src/prerender/render-page.tsx');

const ENTRY = 'src/prerender/render-page.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';
/** The app's entry and the modules it imports, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * After the client build: builds src/prerender/render-page.tsx for Node, renders each public page it lists into
 * the built index.html (markup inside #root, the page's styles in the head, the app's code fetched and
 * started by index.html's inline script once the page is painted) and writes them, with brotli and gzip
 * copies, to dist/prerendered/. The server sends them for those paths (apps/api/src/plugins/web.ts); the
 * browser hydrates them (src/main.tsx).
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
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react()],
          // The same React and MUI builds as the client's, so class names and markup match.
          define: {
            ...config.define,
            'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development'),
          },
          ssr: { noExternal: true },
          build: {
            ssr: ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'render-page.mjs' } },
          },
        });
        const render = (await import(pathToFileURL(path.join(serverDir, 'render-page.mjs')).href)) as RenderModule;
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_ELEMENT) || !template.includes('</head>') || !ENTRY_SCRIPT.test(template)) {
          throw new Error(`dist/index.html has no ${ROOT_ELEMENT}, </head> or entry script to prerender into.`);
        }
        const appCode = [ENTRY_SCRIPT.exec(template)![1]!, ...[...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)];
        const pagesDir = path.join(outDir, render.PRERENDERED_DIR);
        await mkdir(pagesDir, { recursive: true });
        for (const pathname of render.PRERENDERED_PAGES) {
          const page = await render.renderPage(pathname);
          const html = template
            // The page paints without the app's code: index.html's inline script fetches and starts it once the
            // page is painted, from the list in <meta name="app-code"> (the entry, then what it imports).
            .replace(ENTRY_SCRIPT, `<meta name="app-code" content="${appCode.join(' ')}">`)
            .replace(MODULE_PRELOAD, '')
            .replace('</head>', `${page.styles}</head>`)
            .replace(ROOT_ELEMENT, `<div id="root">${render.disableUntilHydrated(page.html)}</div>`);
          const file = path.join(pagesDir, render.prerenderedFileName(pathname));
          await writeFile(file, html);
          await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
        }
        config.logger.info(
          `prerendered ${render.PRERENDERED_PAGES.length} public pages into ${render.PRERENDERED_DIR}/`,
        );
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
