import { decomposeColor, getContrastRatio, recomposeColor, useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/theme-toggle.tsx';
import { THEME_STORAGE_KEY } from '@/lib/theme-mode.ts';
import { AppThemeProvider } from './app-theme-provider.tsx';
import { createAppTheme } from './create-app-theme.ts';
import { stubMatchMedia } from '@test/match-media.ts';

function ModeProbe() {
  const theme = useTheme();
  return <output aria-label="mode">{theme.palette.mode}</output>;
}

function renderThemed() {
  return render(
    <AppThemeProvider>
      <ModeProbe />
      <ThemeToggle />
    </AppThemeProvider>,
  );
}

describe('theme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is dark by default, even when the system prefers light', () => {
    stubMatchMedia((query) => query.includes('light'));
    renderThemed();
    expect(screen.getByLabelText('mode')).toHaveTextContent('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('toggles to light and remembers the choice under bastion.theme', async () => {
    const user = userEvent.setup();
    const first = renderThemed();
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(screen.getByLabelText('mode')).toHaveTextContent('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    first.unmount();

    renderThemed();
    expect(screen.getByLabelText('mode')).toHaveTextContent('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(screen.getByLabelText('mode')).toHaveTextContent('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    renderThemed();
    expect(screen.getByLabelText('mode')).toHaveTextContent('dark');
  });

  it('writes no other local storage key', async () => {
    const user = userEvent.setup();
    renderThemed();
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(Object.keys(localStorage)).toEqual([THEME_STORAGE_KEY]);
  });
});

describe.each(['dark', 'light'] as const)('%s theme contrast (WCAG 2.2 AA)', (mode) => {
  const { palette } = createAppTheme(mode);
  const surfaces = { default: palette.background.default, paper: palette.background.paper, raised: palette.raised };
  const textColours = {
    'text.primary': palette.text.primary,
    'text.secondary': palette.text.secondary,
    'primary.main': palette.primary.main,
    'secondary.main': palette.secondary.main,
    'error.main': palette.error.main,
    'success.main': palette.success.main,
    'info.main': palette.info.main,
    points: palette.points,
    'streak.none': palette.streak.none,
    'streak.rare': palette.streak.rare,
    'streak.epic': palette.streak.epic,
    'streak.legendary': palette.streak.legendary,
  };

  it.each(Object.entries(surfaces))('text colours on background.%s reach 4.5:1', (_, surface) => {
    const failing = Object.entries(textColours)
      .map(([name, colour]) => [name, getContrastRatio(colour, surface)] as const)
      .filter(([, ratio]) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it('button text on primary and secondary reaches 4.5:1', () => {
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(palette.secondary.contrastText, palette.secondary.main)).toBeGreaterThanOrEqual(4.5);
  });

  it('the points and streak chips reach 4.5:1 over their own tint, on both surfaces', () => {
    /** The opaque colour of `colour` at `opacity` over `surface`, as the chips paint it. */
    const tint = (colour: string, opacity: number, surface: string) => {
      const top = decomposeColor(colour).values;
      const bottom = decomposeColor(surface).values;
      const mixed = [0, 1, 2].map((i) => Math.round(top[i]! * opacity + bottom[i]! * (1 - opacity)));
      return recomposeColor({ type: 'rgb', values: mixed as [number, number, number] });
    };
    const chips = [
      ['points', palette.points, 0.1],
      ['streak.none', palette.streak.none, 0.04],
      ['streak.rare', palette.streak.rare, 0.12],
      ['streak.epic', palette.streak.epic, 0.12],
      ['streak.legendary', palette.streak.legendary, 0.12],
    ] as const;
    const failing = chips.flatMap(([name, colour, opacity]) =>
      [palette.background.default, palette.background.paper]
        .map((surface) => [name, getContrastRatio(colour, tint(colour, opacity, surface))] as const)
        .filter(([, ratio]) => ratio < 4.5),
    );
    expect(failing).toEqual([]);
  });

  it('terminal text, prompt and output reach 4.5:1', () => {
    const { terminal } = palette;
    for (const colour of [terminal.text, terminal.prompt, terminal.muted]) {
      expect(getContrastRatio(colour, terminal.background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
