import { useState, type FormEvent } from 'react';
import { apiErrorText } from '@/lib/api-client.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { useFieldMessages } from '../lib/use-field-messages.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { TwoFactorFormDialog } from './two-factor-form-dialog.tsx';

const FIELDS = ['password'] as const;

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
  const [password, setPassword] = useState('');
  const messages = useFieldMessages(FIELDS, error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!messages.check({ password: password ? undefined : SECURITY_MESSAGES.enterPassword })) return;
    onSubmit(password);
  };

  return (
    <TwoFactorFormDialog
      open={open}
      title="Turn on two-factor sign-in"
      description="Enter your password to set up an authenticator app."
      problem={messages.unplaced ? apiErrorText(error, SECURITY_MESSAGES.setupFailed) : null}
      submitLabel="Continue"
      pendingLabel="Starting…"
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
      onExited={() => {
        setPassword('');
        messages.reset();
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
    </TwoFactorFormDialog>
  );
}
