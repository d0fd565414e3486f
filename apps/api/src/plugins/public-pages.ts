// Decision 0171: public pages are rendered by the server; the app starts at the first interaction.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicPageData } from '@bastion/contract';
import type { FastifyBaseLogger } from 'fastify';

/** The web build's page renderer (apps/web/src/prerender/render-page.tsx, built by apps/web/build/). */
export const RENDERER_DIR = 'server';
const RENDERER = `${RENDERER_DIR}/render-page.mjs`;

interface PageRenderer {
  PRERENDERED_PAGES: readonly string[];
  renderDocument(template: string, pathname: string, data: PublicPageData): Promise<string>;
}

export interface RenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export type PublicPages = () => Promise<Map<string, RenderedPage>>;

function compressed(html: string): RenderedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The public pages of the build in `root`, rendered with the server's `data` into its index.html, by path; null
 * when the build has no renderer. They are rendered once, by the first call (a server that never answers one
 * never loads the renderer); a renderer that fails leaves none, and is logged.
 */
export function publicPages(root: string, data: () => PublicPageData, log: FastifyBaseLogger): PublicPages | null {
  const file = path.join(root, RENDERER);
  if (!existsSync(file)) return null;
  let pages: Promise<Map<string, RenderedPage>> | undefined;
  const render = async () => {
    const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
    const template = readFileSync(path.join(root, 'index.html'), 'utf8');
    const rendered = new Map<string, RenderedPage>();
    for (const pathname of renderer.PRERENDERED_PAGES) {
      rendered.set(pathname, compressed(await renderer.renderDocument(template, pathname, data())));
    }
    return rendered;
  };
  return () =>
    (pages ??= render().catch((error: unknown) => {
      log.error({ err: error }, 'the public pages could not be rendered: they get the single-page shell');
      return new Map<string, RenderedPage>();
    }));
}
