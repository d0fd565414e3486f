import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/lib/session';

/** R2: an unknown path inside the authenticated or no-layout group. */
export function NotFoundPage() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <Box
      component="section"
      aria-labelledby="not-found-title"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 3, py: 8 }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="eyebrow" sx={{ color: 'primary.main' }}>
          Error 404
        </Typography>
        <Typography id="not-found-title" variant="h1" sx={{ mt: 1, mb: 2 }}>
          Page not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          This page does not exist or has moved. Check the address, or head back and pick up where you left off.
        </Typography>
        <Button component={RouterLink} to={signedIn ? '/dashboard' : '/'} variant="contained" size="large">
          {signedIn ? 'Back to dashboard' : 'Back to home'}
        </Button>
      </Box>
    </Box>
  );
}
