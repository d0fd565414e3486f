import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorText } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';

interface TwoFactorPasswordDialogProps {
  open: boolean;
  pending: boolean;
  /** The last failure of the setup call, read for a `password` field error or a `detail`. */
  error: unknown;
  onSubmit(password: string): void;
  onClose(): void;
}

/**
 * Asks for the password before the setup of two-factor sign-in hands out a key: a signed-in session alone may
 * neither start one nor replace a pending key. The password field takes focus when it opens.
 */
export function TwoFactorPasswordDialog({ open, pending, error, onSubmit, onClose }: TwoFactorPasswordDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  // A server message stays until the field is edited or the form is sent again.
  const [edited, setEdited] = useState(false);
  const server = error ? fieldErrors(apiErrorBody(error), ['password']).password : undefined;
  const detail = error && !server ? apiErrorText(error, SECURITY_MESSAGES.setupFailed) : null;
  const shown = missing ?? (edited ? undefined : server);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setMissing(SECURITY_MESSAGES.enterPassword);
      return;
    }
    setEdited(false);
    onSubmit(password);
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setPassword('');
            setMissing(undefined);
            setEdited(false);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Turn on two-factor sign-in</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={textId}>Enter your password to set up an authenticator app.</DialogContentText>
          {detail && <Alert severity="error">{detail}</Alert>}
          <TextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing(undefined);
              setEdited(true);
            }}
            error={Boolean(shown)}
            helperText={shown}
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button type="button" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Starting…' : 'Continue'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
