import type { TwoFactorProofBody } from '@bastion/contract';
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

const PROOF_CODE = /^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i;

interface TwoFactorProofDialogProps {
  open: boolean;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last failure of the action, read for `{password, code}` field errors or a `detail`. */
  error: unknown;
  onSubmit(body: TwoFactorProofBody): void;
  onClose(): void;
  /** A submit button in the error colour: the action weakens the account's protection. */
  destructive?: boolean;
  /** After the closing animation: where focus goes when the control that opened the dialog is gone. */
  onExited?(): void;
}

/**
 * Asks for the password and a current code (or a recovery code) before a change to two-factor sign-in.
 * The password field takes focus when it opens; Escape or Cancel closes it and focus returns to its button.
 */
export function TwoFactorProofDialog(props: TwoFactorProofDialogProps) {
  const {
    open,
    title,
    description,
    submitLabel,
    pendingLabel,
    pending,
    error,
    onSubmit,
    onClose,
    onExited,
    destructive,
  } = props;
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});
  // A server message stays until its field is edited or the form is sent again.
  const [edited, setEdited] = useState<{ password?: boolean; code?: boolean }>({});
  const server = error ? fieldErrors(apiErrorBody(error), ['password', 'code']) : {};
  const detail = error && !server.password && !server.code ? apiErrorText(error) : null;
  const shown = {
    password: missing.password ?? (edited.password ? undefined : server.password),
    code: missing.code ?? (edited.code ? undefined : server.code),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const value = code.replace(/\s+/g, '');
    const problems = {
      password: password ? undefined : SECURITY_MESSAGES.enterPassword,
      code: PROOF_CODE.test(value) ? undefined : SECURITY_MESSAGES.enterProofCode,
    };
    setMissing(problems);
    if (problems.password || problems.code) return;
    setEdited({});
    onSubmit({ password, code: value });
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
            setCode('');
            setMissing({});
            setEdited({});
            onExited?.();
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={textId}>{description}</DialogContentText>
          {detail && <Alert severity="error">{detail}</Alert>}
          <TextField
            label="Password"
            name="password"
            type="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing((current) => ({ ...current, password: undefined }));
              setEdited((current) => ({ ...current, password: true }));
            }}
            error={Boolean(shown.password)}
            helperText={shown.password}
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
          />
          <TextField
            label="Authentication code"
            name="code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing((current) => ({ ...current, code: undefined }));
              setEdited((current) => ({ ...current, code: true }));
            }}
            error={Boolean(shown.code)}
            helperText={shown.code ?? 'The 6-digit code from your app, or one of your recovery codes.'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            slotProps={{ htmlInput: { maxLength: 32 } }}
            required
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button type="button" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
