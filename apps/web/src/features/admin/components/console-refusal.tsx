import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session';

/**
 * Why the server refused the console: not staff, staff without two-factor sign-in, or staff whose session
 * was signed in with the password alone (they sign out, then in again with their code).
 */
export function ConsoleRefusal({ body }: { body: unknown }) {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (code === 'two_factor_session_required') return <SignInAgain />;
  const needsTwoFactor = code === 'two_factor_setup_required';
  return (
    <Alert
      severity={needsTwoFactor ? 'warning' : 'info'}
      action={
        <Button component={RouterLink} to={needsTwoFactor ? '/edit-profile#security' : '/dashboard'} color="inherit">
          {needsTwoFactor ? 'Turn it on' : 'Go to the dashboard'}
        </Button>
      }
    >
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit' }}>
        {needsTwoFactor ? ADMIN_MESSAGES.twoFactorRequired : ADMIN_MESSAGES.staffOnly}
      </Typography>
    </Alert>
  );
}

function SignInAgain() {
  const { signOut } = useSession();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" onClick={() => void signOut()}>
          Sign out
        </Button>
      }
    >
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit' }}>
        Sign in again with your two-factor code
      </Typography>
      <Typography variant="body2">{ADMIN_MESSAGES.twoFactorSessionRequired}</Typography>
    </Alert>
  );
}
