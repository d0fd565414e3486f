import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { Link as RouterLink } from 'react-router';
import { TWO_FACTOR_FOR_CONSOLE } from '@/domain/console-path.ts';
import { useSession } from '@/lib/session';

/**
 * Why the server refused the console: not staff, staff without two-factor sign-in (told how to turn it on), or
 * staff whose session was signed in with the password alone (they sign out, then in again with their code).
 */
export function ConsoleRefusal({ body }: { body: unknown }) {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (code === 'two_factor_session_required') return <SignInAgain />;
  if (code === 'two_factor_setup_required') return <TurnOnFirst />;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/dashboard" color="inherit">
          Go to the dashboard
        </Button>
      }
    >
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit' }}>
        {ADMIN_MESSAGES.staffOnly}
      </Typography>
    </Alert>
  );
}

function TurnOnFirst() {
  return (
    <Alert severity="warning">
      <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit', mb: 1 }}>
        {ADMIN_MESSAGES.twoFactorRequired}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        The console can change every account and the content, so it opens only to staff who sign in with a code from an
        authenticator app as well as their password.
      </Typography>
      <Typography component="ol" variant="body2" sx={{ m: 0, mb: 2, pl: 2.5 }}>
        <li>In Edit profile, under Two-factor sign-in, choose Turn on and enter your password.</li>
        <li>Scan the key with your authenticator app, enter its first code, and keep the recovery codes.</li>
        <li>Come back to the console: this session will count as signed in with a code.</li>
      </Typography>
      <Button component={RouterLink} to={TWO_FACTOR_FOR_CONSOLE} variant="contained" color="warning">
        Turn on two-factor sign-in
      </Button>
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
