import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../lib/theme-mode.ts';
import { TOKENS } from './tokens.ts';

const web = path.resolve(__dirname, '../../..');
const indexHtml = readFileSync(path.join(web, 'index.html'), 'utf8');
const bootScript = readFileSync(path.join(web, 'public/theme-boot.js'), 'utf8');

describe('first paint', () => {
  it('paints the dark theme background from index.html, before any script runs', () => {
    expect(indexHtml).toMatch(new RegExp(`html \\{ background: ${TOKENS.dark.background.default};`));
    expect(indexHtml).toContain(`color: ${TOKENS.dark.text.primary}`);
  });

  it('paints a stored light choice light: the boot script marks it and the inline style follows', () => {
    expect(indexHtml).toMatch(
      new RegExp(`html\\[data-theme='light'\\] \\{ background: ${TOKENS.light.background.default};`),
    );
    expect(indexHtml).toContain(`color: ${TOKENS.light.text.primary}`);
    expect(indexHtml).toContain('<script src="/theme-boot.js"></script>');

    document.documentElement.removeAttribute('data-theme');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    new Function(bootScript)();
    expect(document.documentElement.dataset.theme).toBe('light');

    document.documentElement.removeAttribute('data-theme');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    new Function(bootScript)();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
