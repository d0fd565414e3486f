export { AppThemeProvider } from './app-theme-provider.tsx';
export { createAppTheme } from './create-app-theme.ts';
export { TOKENS, FONT_MONO, FONT_SANS } from './tokens.ts';
