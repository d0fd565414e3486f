import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { Link as RouterLink } from 'react-router';

/** Why the server refused the console: not staff, or staff without two-factor sign-in. */
export function ConsoleRefusal({ body }: { body: unknown }) {
  const code = (body as { code?: unknown } | undefined)?.code;
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
