import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { Link as RouterLink, useParams } from 'react-router';
import { apiErrorText } from '@/lib/api-client.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** R2 /verify-email/{uidb64}/{token}: confirms the address once, then points to sign-in. */
export function VerifyEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const verification = useVerifyEmail(uidb64, token);

  return (
    <AuthCard title="Email verification">
      {verification.isPending && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          Verifying your email…
        </Box>
      )}
      {verification.isSuccess && (
        <Alert severity="success">{verification.data?.detail || MESSAGES.emailVerified}</Alert>
      )}
      {verification.isError && (
        <Alert severity="error">{apiErrorText(verification.error, MESSAGES.invalidVerificationLink)}</Alert>
      )}
      {!verification.isPending && (
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Go to sign in
        </Button>
      )}
    </AuthCard>
  );
}
