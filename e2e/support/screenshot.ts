import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * Saves a screenshot as e2e/artifacts/<name>.png and returns its path: the full page, or only the window
 * (`fullPage: false`, for a dialog over the page).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name.replace(/[^a-z0-9_.-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
