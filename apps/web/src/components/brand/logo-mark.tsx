import { useTheme } from '@mui/material/styles';

/** The Bastion shield with a padlock, drawn inline so it needs no request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 4 8 14v16c0 15 10 26 24 30 14-4 24-15 24-30V14L32 4z" fill={dark ? '#0f766e' : '#115e59'} />
      <path d="M32 12 16 19v11c0 10 6.5 18 16 21 9.5-3 16-11 16-21V19L32 12z" fill={dark ? '#2dd4bf' : '#14b8a6'} />
      <rect x="26" y="28" width="12" height="10" rx="2" fill="#042f2e" />
      <path d="M28 28v-3a4 4 0 0 1 8 0v3" stroke="#042f2e" strokeWidth="2.5" fill="none" />
    </svg>
  );
}
