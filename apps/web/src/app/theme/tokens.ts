import type { ThemeMode } from '@/lib/theme-mode.ts';

/** Design tokens of both themes. Every text/background pair here is checked for WCAG 2.2 AA in theme.test.ts. */
export interface ModeTokens {
  background: { default: string; paper: string; raised: string };
  text: { primary: string; secondary: string; disabled: string };
  divider: string;
  primary: { main: string; light: string; dark: string; contrastText: string };
  secondary: { main: string; light: string; dark: string; contrastText: string };
  success: string;
  warning: string;
  error: string;
  info: string;
  streak: { none: string; rare: string; epic: string; legendary: string };
  points: string;
  terminal: { background: string; text: string; prompt: string; muted: string; border: string };
  heroGlow: string;
}

// Decision 0090: the theme is built from these tokens (system fonts); a test holds their contrast to WCAG AA.
export const TOKENS: Record<ThemeMode, ModeTokens> = {
  dark: {
    background: { default: '#0a0f14', paper: '#111921', raised: '#17212b' },
    text: { primary: '#e6edf3', secondary: '#a3b3c2', disabled: '#6b7c8c' },
    divider: 'rgba(148, 163, 184, 0.18)',
    primary: { main: '#2dd4bf', light: '#5eead4', dark: '#14b8a6', contrastText: '#04201d' },
    secondary: { main: '#a78bfa', light: '#c4b5fd', dark: '#8b5cf6', contrastText: '#170d33' },
    success: '#4ade80',
    warning: '#fbbf24',
    error: '#f87171',
    info: '#60a5fa',
    streak: { none: '#a3b3c2', rare: '#60a5fa', epic: '#c084fc', legendary: '#fb923c' },
    points: '#fbbf24',
    terminal: { background: '#05080b', text: '#d1fae5', prompt: '#4ade80', muted: '#8aa39a', border: '#1f2d38' },
    heroGlow: 'rgba(45, 212, 191, 0.14)',
  },
  light: {
    background: { default: '#f4f6f9', paper: '#ffffff', raised: '#eef2f6' },
    text: { primary: '#0e1621', secondary: '#475467', disabled: '#8a94a3' },
    divider: 'rgba(15, 23, 42, 0.12)',
    primary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
    secondary: { main: '#6d28d9', light: '#8b5cf6', dark: '#5b21b6', contrastText: '#ffffff' },
    success: '#166534',
    warning: '#b45309',
    error: '#b91c1c',
    info: '#1d4ed8',
    streak: { none: '#475467', rare: '#1d4ed8', epic: '#6b21a8', legendary: '#9a3412' },
    points: '#854d0e',
    terminal: { background: '#0b1117', text: '#d1fae5', prompt: '#4ade80', muted: '#8aa39a', border: '#1f2d38' },
    heroGlow: 'rgba(15, 118, 110, 0.10)',
  },
};

/** System stacks only: no web fonts are downloaded. */
export const FONT_SANS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
export const FONT_MONO =
  'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace';

/** The 8 px spacing grid and the corner radius used everywhere. */
export const SPACING_UNIT = 8;
export const RADIUS = 10;
