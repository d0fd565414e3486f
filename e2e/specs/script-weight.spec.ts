import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { artifactsDir } from '../support/screenshot.ts';
import { measureScripts, type ScriptWeight } from '../support/script-weight.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Gzipped budgets, about 15% above what the pages loaded when they were set (200 and 257 KiB). A build with
 * React's development code (278 and 338 KiB) or the signed-in app's code on these pages exceeds them.
 */
const BUDGET_KIB: Record<string, number> = { '/': 230, '/login': 295 };

describe('JavaScript the public pages load', () => {
  let browser: Browser;
  const measured: Record<string, ScriptWeight> = {};
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(path.join(artifactsDir, 'script-weight.json'), `${JSON.stringify(measured, null, 2)}\n`);
  });

  for (const [pathname, budget] of Object.entries(BUDGET_KIB)) {
    it(`${pathname} loads no script before the first interaction, then only its own code, within ${budget} KiB gzipped`, async () => {
      const page = await newPage(browser);
      try {
        const weight = await measureScripts(page, pathname);
        measured[pathname] = weight;
        console.info(
          `${pathname}: ${kb(weight.gzipBytes)} gzipped (${kb(weight.bytes)} as served) in ${weight.scripts.length} scripts\n` +
            weight.scripts.map((s) => `  ${kb(s.gzipBytes).padStart(10)}  ${s.path}`).join('\n'),
        );
        // The page as the server sends it is complete: the app's code waits for the visitor (apps/web/index.html).
        expect(weight.beforeInteraction).toEqual([]);
        const names = weight.scripts.map((s) => path.basename(s.path));
        // The signed-in shell never loads on a public page; the captcha widget only with the sign-in form.
        expect(names.filter((n) => /^(authenticated-layout|DashboardPage)-/.test(n))).toEqual([]);
        if (pathname === '/') expect(names.filter((n) => /^altcha-/.test(n))).toEqual([]);
        else expect(names.some((n) => /^altcha-/.test(n))).toBe(true);
        expect(weight.gzipBytes / 1024).toBeLessThanOrEqual(budget);
      } finally {
        await page.context().close();
      }
    });
  }
});
