import Key from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session';

/** /dashboard: the learner's home after sign-in. */
export function DashboardPage() {
  const { username } = useSession();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main' }}>
        Dashboard
      </Typography>
      <Typography variant="h1" sx={{ mt: 1, mb: 2, fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {username ? `Welcome back, ${username}` : 'Welcome back'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 640, mb: 4 }}>
        Pick up a course, work through a challenge, or keep your daily streak alive. Your points and streak are in the
        bar above.
      </Typography>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 2,
              bgcolor: 'action.selected',
              flexShrink: 0,
            }}
          >
            <Key sx={{ color: 'primary.main' }} aria-hidden />
          </Box>
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              Account security
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              Use a long, unique password. Changing it signs out your other sessions.
            </Typography>
            <Button component={RouterLink} to="/change-password" variant="outlined">
              Change password
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
