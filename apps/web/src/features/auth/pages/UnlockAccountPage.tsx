import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router';
import { apiErrorText } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useUnlockAccount } from '../api/unlock-account.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /unlock/{uidb64}/{token}: the mailed link that lets the owner of a locked account back in, used once. */
export function UnlockAccountPage() {
  usePageTitle('Unlock your account');
  const { uidb64 = '', token = '' } = useParams();
  const unlock = useUnlockAccount(uidb64, token);

  return (
    <AuthCard title="Unlock your account">
      {unlock.isPending && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          Unlocking your account…
        </Box>
      )}
      {unlock.isSuccess && (
        <>
          <Alert severity="success">{unlock.data?.detail || MESSAGES.accountUnlocked}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Log in
          </Button>
        </>
      )}
      {unlock.isError && (
        <>
          <Alert severity="error">{apiErrorText(unlock.error, MESSAGES.invalidUnlockLink)}</Alert>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              Back to sign in
            </Link>
            <Link component={RouterLink} to="/forgot-password">
              Forgot your password?
            </Link>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
