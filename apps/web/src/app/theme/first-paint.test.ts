import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LEGACY_ACCESS_KEY, TOKENS_STORAGE_KEY } from '@/lib/session';
import { THEME_STORAGE_KEY } from '@/lib/theme-mode.ts';
import { TOKENS } from './tokens.ts';

const web = path.resolve(__dirname, '../../..');
const indexHtml = readFileSync(path.join(web, 'index.html'), 'utf8');
/** index.html's one inline script, run before the first paint. */
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

/** Runs index.html's inline script against the given local storage; returns what it marked on <html>. */
function runBootScript(storage: Record<string, string>) {
  const root = document.documentElement;
  root.removeAttribute('data-theme');
  root.removeAttribute('data-prerender');
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  new Function(bootScript)();
  return { theme: root.dataset.theme, prerender: root.dataset.prerender };
}

describe('first paint', () => {
  it('paints the dark theme background from index.html, before any script runs', () => {
    expect(indexHtml).toMatch(new RegExp(`html \\{\\s*background: ${TOKENS.dark.background.default};`));
    expect(indexHtml).toContain(`color: ${TOKENS.dark.text.primary}`);
  });

  it('paints a stored light choice light: the boot script marks it and the inline style follows', () => {
    expect(indexHtml).toMatch(
      new RegExp(`html\\[data-theme='light'\\] \\{\\s*background: ${TOKENS.light.background.default};`),
    );
    expect(indexHtml).toContain(`color: ${TOKENS.light.text.primary}`);
    // Inline, and first in the head after the style: it must not wait for a download.
    expect(indexHtml.indexOf('<script>')).toBeLessThan(indexHtml.indexOf('<script type="module"'));

    expect(runBootScript({ [THEME_STORAGE_KEY]: 'light' })).toEqual({ theme: 'light', prerender: 'stale' });
    expect(runBootScript({ [THEME_STORAGE_KEY]: 'dark' })).toEqual({ theme: undefined, prerender: undefined });
  });

  it('keeps a prerendered page (dark, signed out) for a visitor who sees it so, hides it from anyone else', () => {
    expect(indexHtml).toMatch(/html\[data-prerender='stale'\] #root \{\s*visibility: hidden;\s*\}/);
    expect(runBootScript({})).toEqual({ theme: undefined, prerender: undefined });
    const tokens = JSON.stringify({ access: 'a', refresh: 'r' });
    expect(runBootScript({ [TOKENS_STORAGE_KEY]: tokens })).toEqual({ theme: undefined, prerender: 'stale' });
    expect(runBootScript({ [LEGACY_ACCESS_KEY]: 'a' })).toEqual({ theme: undefined, prerender: 'stale' });
  });

  it('makes zod jitless before any module runs, so it never tries `new Function` under the policy', async () => {
    runBootScript({});
    // A zod evaluated after the script (as the app's is) reads its settings from that global.
    vi.resetModules();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
