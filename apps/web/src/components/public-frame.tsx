import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from './brand/logo.tsx';
import { LoadError } from './query-states.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { isMissing } from '../lib/api-errors.ts';
import { useSession } from '../lib/session';
import { visuallyHidden } from '../lib/visually-hidden.ts';

/** The no-layout page around a public record (a completion, a public profile): logo, theme toggle, the record, a way on. */
export function PublicFrame({ children }: { children: ReactNode }) {
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

/** Loading, unknown id and failure states of the completion page. */
export function CompletionStatus({ error, onRetry }: { error?: unknown; onRetry?(): void }) {
  if (error === undefined) {
    return (
      <Box role="status" aria-live="polite">
        <Box component="span" sx={visuallyHidden}>
          Loading the completion…
        </Box>
        <Skeleton variant="rounded" height={520} sx={{ borderRadius: 4 }} aria-hidden />
      </Box>
    );
  }
  if (isMissing(error)) {
    return (
      <Box component="section" aria-labelledby="completion-missing" sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main' }}>
          Error 404
        </Typography>
        <Typography id="completion-missing" variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, mt: 1, mb: 2 }}>
          Completion not found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          No completion has this address. Check the link you were given.
        </Typography>
      </Box>
    );
  }
  return <LoadError title="Could not load this completion." error={error} onRetry={() => onRetry?.()} titleIsHeading />;
}
