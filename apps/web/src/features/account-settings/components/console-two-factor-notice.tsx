import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { CONSOLE_PATH, isForConsole } from '@/domain/console-path.ts';

/**
 * Above the two-factor card when the console sent its user here: the console needs two-factor sign-in; once it
 * is on, the way back. Nothing otherwise.
 */
export function ConsoleTwoFactorNotice({ enabled }: { enabled: boolean | undefined }) {
  const { search } = useLocation();
  if (!isForConsole(search) || enabled === undefined) return null;
  if (enabled) {
    return (
      <Alert
        severity="success"
        sx={{ mb: 3 }}
        action={
          <Button component={RouterLink} to={CONSOLE_PATH} color="inherit">
            Open the console
          </Button>
        }
      >
        Two-factor sign-in is on: the operator console is open to this session.
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      <AlertTitle>The operator console needs two-factor sign-in</AlertTitle>
      Turn it on below. Once it is on, this session can open the console.
    </Alert>
  );
}
