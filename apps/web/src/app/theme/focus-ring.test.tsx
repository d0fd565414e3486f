import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKENS } from './tokens.ts';
import { createAppTheme } from './create-app-theme.ts';

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe.each(['dark', 'light'] as const)('the %s theme focus ring', (mode) => {
  // MUI marks keyboard focus with Mui-focusVisible (from :focus-visible, which jsdom lacks): it is set here
  // by hand, and the browser's own focus is covered by the e2e screenshots.
  it('draws a 2 px outline, off the control, around a keyboard-focused button and nav link', () => {
    render(
      <ThemeProvider theme={createAppTheme(mode)}>
        <CssBaseline />
        <Button variant="contained" className="Mui-focusVisible">
          Submit answer
        </Button>
        <Button href="/courses" className="Mui-focusVisible">
          Courses
        </Button>
      </ThemeProvider>,
    );
    for (const control of [
      screen.getByRole('button', { name: 'Submit answer' }),
      screen.getByRole('link', { name: 'Courses' }),
    ]) {
      const style = getComputedStyle(control);
      expect(style.outlineWidth).toBe('2px');
      expect(style.outlineStyle).toBe('solid');
      expect(style.outlineColor).toBe(hexToRgb(TOKENS[mode].primary.main));
      // 2 px outward (MUI flips the sign where a parent would clip the ring).
      expect(style.outlineOffset).toContain('2px');
    }
  });

  it('has at least 3:1 contrast against the page and card backgrounds', () => {
    const ring = createAppTheme(mode).palette.primary.main;
    for (const background of [TOKENS[mode].background.default, TOKENS[mode].background.paper]) {
      expect(getContrastRatio(ring, background)).toBeGreaterThanOrEqual(3);
    }
  });
});
