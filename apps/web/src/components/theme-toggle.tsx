import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useThemeMode } from '../lib/theme-mode.ts';

/**
 * Switches between the dark and light themes; the choice is remembered. A native title gives the hover hint
 * (no tooltip library on the public pages' critical path).
 */
export function ThemeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton onClick={toggleMode} aria-label={label} title={label} color="inherit">
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
