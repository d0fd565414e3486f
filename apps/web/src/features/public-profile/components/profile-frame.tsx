import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/brand/logo.tsx';
import { ThemeToggle } from '../../../components/theme-toggle.tsx';
import { useSession } from '../../../lib/session';

/** The no-layout page around a public profile, like the completion pages: logo, theme toggle, content, a way on. */
export function ProfileFrame({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: { xs: 3, sm: 5 } }}>
        <Logo />
        <ThemeToggle />
      </Box>
      {children}
      <Box sx={{ textAlign: 'center', mt: 4 }}>
        <Button component={RouterLink} to={signedIn ? '/dashboard' : '/register'} variant="text">
          {signedIn ? 'Back to your dashboard' : 'Start learning on Bastion'}
        </Button>
      </Box>
    </Container>
  );
}
