import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '@/lib/theme-mode.ts';
import './theme-augmentation.ts';
import { FONT_MONO, FONT_SANS, RADIUS, SPACING_UNIT, TOKENS } from './tokens.ts';

/** Builds the dark (default) or light theme from the design tokens. */
export function createAppTheme(mode: ThemeMode): Theme {
  const t = TOKENS[mode];
  const base = createTheme({
    // WCAG 2.4.11/2.4.13: MUI's focus ring, a 2 px outline 2 px off the control in the primary colour (at least
    // 3:1 against both themes' backgrounds), on every interactive component; inset where a parent clips
    // (tabs, menu items), and recoloured on filled surfaces (app bar, alerts, snackbars).
    focusVisible: true,
    spacing: SPACING_UNIT,
    shape: { borderRadius: RADIUS },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    palette: {
      mode,
      background: { default: t.background.default, paper: t.background.paper },
      text: t.text,
      divider: t.divider,
      primary: t.primary,
      secondary: t.secondary,
      success: { main: t.success },
      warning: { main: t.warning },
      error: { main: t.error },
      info: { main: t.info },
      streak: t.streak,
      points: t.points,
      terminal: t.terminal,
      heroGlow: t.heroGlow,
      raised: t.background.raised,
    },
    typography: {
      fontFamily: FONT_SANS,
      htmlFontSize: 16,
      h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.025em' },
      h2: { fontSize: '1.875rem', fontWeight: 750, lineHeight: 1.2, letterSpacing: '-0.02em' },
      h3: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25, letterSpacing: '-0.015em' },
      h4: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3, letterSpacing: '-0.01em' },
      h5: { fontSize: '1.125rem', fontWeight: 650, lineHeight: 1.35 },
      h6: { fontSize: '1rem', fontWeight: 650, lineHeight: 1.4 },
      subtitle1: { fontSize: '1.125rem', lineHeight: 1.55 },
      subtitle2: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.5 },
      body1: { fontSize: '1rem', lineHeight: 1.65 },
      body2: { fontSize: '0.875rem', lineHeight: 1.6 },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
      caption: { fontSize: '0.75rem', lineHeight: 1.5 },
      mono: { fontFamily: FONT_MONO, fontSize: '0.875rem', lineHeight: 1.6 },
      eyebrow: {
        fontFamily: FONT_MONO,
        fontSize: '0.75rem',
        fontWeight: 600,
        letterSpacing: '0.12em',
        textTransform: 'uppercase',
        lineHeight: 1.5,
      },
    },
  });

  // The same ring for elements MUI does not style (plain links and controls in rendered Markdown).
  const focusVisible = { outline: `2px solid ${base.palette.primary.main}`, outlineOffset: 2 };
  return createTheme(base, {
    typography: {
      h1: { [base.breakpoints.up('md')]: { fontSize: '3.25rem' } },
      h2: { [base.breakpoints.up('md')]: { fontSize: '2.25rem' } },
      h3: { [base.breakpoints.up('md')]: { fontSize: '1.75rem' } },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollBehavior: 'smooth', scrollPaddingTop: 80 },
          '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
          body: { minHeight: '100vh', WebkitFontSmoothing: 'antialiased' },
          ':focus-visible': focusVisible,
          // A page's heading takes focus after navigation (RouteFocus) to place the reader, not as a control.
          '[data-route-heading]:focus': { outline: 'none' },
          'code, kbd, pre, samp': { fontFamily: FONT_MONO },
          '::selection': { backgroundColor: alpha(base.palette.primary.main, 0.35) },
        },
      },
      MuiTypography: {
        defaultProps: { variantMapping: { mono: 'span', eyebrow: 'p' } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: RADIUS, paddingInline: 16 },
          sizeLarge: { paddingBlock: 10, paddingInline: 22, fontSize: '1rem' },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha(base.palette.background.default, 0.85),
            backdropFilter: 'saturate(180%) blur(12px)',
            borderBottom: `1px solid ${base.palette.divider}`,
          },
        },
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: RADIUS + 4 } },
      },
      // Links are underlined: inside a sentence colour alone must not be what tells them apart (WCAG 1.4.1).
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { textUnderlineOffset: '0.18em' } },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      MuiDialog: {
        styleOverrides: { paper: { border: `1px solid ${base.palette.divider}` } },
      },
      MuiMenu: {
        styleOverrides: { paper: { border: `1px solid ${base.palette.divider}` } },
      },
      MuiTooltip: {
        styleOverrides: { tooltip: { fontSize: '0.8125rem' } },
      },
    },
  });
}
