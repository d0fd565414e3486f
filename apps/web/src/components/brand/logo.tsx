import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '@bastion/contract';
import { useSession } from '@/lib/session';
import { LogoMark } from './logo-mark.tsx';

/** R2: the logo links to /dashboard when signed in and to / when public. */
export function Logo({ hideWordmarkOnXs = false }: { hideWordmarkOnXs?: boolean }) {
  const { status } = useSession();
  const to = status === 'authenticated' ? '/dashboard' : '/';
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={`${APP_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 1,
        flexShrink: 0,
      }}
    >
      <LogoMark />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.2rem',
          letterSpacing: '-0.02em',
          display: hideWordmarkOnXs ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {APP_NAME}
      </Typography>
    </Box>
  );
}
