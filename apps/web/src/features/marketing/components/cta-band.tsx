import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FREE_PLAN_SUMMARY } from '@bastion/contract';
import { Link as RouterLink } from 'react-router';

export function CtaBand({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 8, md: 10 } }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="cta-title" variant="h2" sx={{ mb: 2 }}>
          Your first lesson takes ten minutes.
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mb: 4 }}>
          {FREE_PLAN_SUMMARY} Create a free account, verify your email and start with the first lesson, or jump straight
          into a challenge.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={signedIn ? '/dashboard' : '/register'} variant="contained" size="large">
            {signedIn ? 'Go to your dashboard' : 'Create a free account'}
          </Button>
          <Button component={RouterLink} to="/pricing" variant="outlined" size="large">
            Compare plans
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
