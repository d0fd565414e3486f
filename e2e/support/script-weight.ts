import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { startApp } from './app-start.ts';
import { url } from './server.ts';

export interface ScriptWeight {
  /** Scripts the page requested once loaded, before any interaction. */
  beforeInteraction: string[];
  /** Path of each script the page requested, with its size as served and gzipped (level 9). */
  scripts: { path: string; bytes: number; gzipBytes: number; contentEncoding: string | null }[];
  bytes: number;
  gzipBytes: number;
}

/**
 * Opens `pathname` in the page, notes the scripts it loads by itself, then starts the app as a visitor's first
 * mouse move does and sums the JavaScript loaded until the network is idle (the entry, its static imports, the
 * route's lazy chunk and whatever that chunk loads at once), each file gzipped here so the figure does not depend
 * on whether the server compresses.
 */
export async function measureScripts(page: Page, pathname: string): Promise<ScriptWeight> {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', onResponse);
  let beforeInteraction: string[];
  try {
    await page.goto(url(pathname));
    await page.locator('main').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    beforeInteraction = responses.map((response) => new URL(response.url()).pathname);
    await startApp(page);
  } finally {
    page.off('response', onResponse);
  }
  const scripts = await Promise.all(
    responses.map(async (response) => {
      const body = await response.body();
      return {
        path: new URL(response.url()).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        contentEncoding: (await response.allHeaders())['content-encoding'] ?? null,
      };
    }),
  );
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    beforeInteraction,
    scripts,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
  };
}
