import { createContext, useContext } from 'react';

/** The two themes of R1; dark is the default whatever the operating system prefers. */
export type ThemeMode = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'bastion.theme';
export const DEFAULT_THEME_MODE: ThemeMode = 'dark';

export function readStoredThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : DEFAULT_THEME_MODE;
  } catch {
    return DEFAULT_THEME_MODE;
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
}

export interface ThemeModeValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggleMode(): void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside AppThemeProvider.');
  return value;
}
