import type { TwoFactorProofBody } from '@bastion/contract';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '@/lib/api-client.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { useFieldMessages } from '../lib/use-field-messages.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { TwoFactorFormDialog } from './two-factor-form-dialog.tsx';

const PROOF_CODE = /^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i;
const FIELDS = ['password', 'code'] as const;

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
export function TwoFactorProofDialog({ error, onSubmit, onExited, ...dialog }: TwoFactorProofDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const messages = useFieldMessages(FIELDS, error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dialog.pending) return;
    const value = code.replace(/\s+/g, '');
    const problems = {
      password: password ? undefined : SECURITY_MESSAGES.enterPassword,
      code: PROOF_CODE.test(value) ? undefined : SECURITY_MESSAGES.enterProofCode,
    };
    if (!messages.check(problems)) return;
    onSubmit({ password, code: value });
  };

  return (
    <TwoFactorFormDialog
      {...dialog}
      problem={messages.unplaced ? apiErrorText(error) : null}
      onSubmit={submit}
      onExited={() => {
        setPassword('');
        setCode('');
        messages.reset();
        onExited?.();
      }}
    >
      <CurrentPasswordField
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          messages.markEdited('password');
        }}
        message={messages.shown.password}
        autoFocus
        fullWidth
      />
      <TextField
        label="Authentication code"
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          messages.markEdited('code');
        }}
        error={Boolean(messages.shown.code)}
        helperText={messages.shown.code ?? 'The 6-digit code from your app, or one of your recovery codes.'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        slotProps={{ htmlInput: { maxLength: 32 } }}
        required
        fullWidth
      />
    </TwoFactorFormDialog>
  );
}
