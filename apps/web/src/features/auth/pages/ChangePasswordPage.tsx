import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { changePasswordErrorText } from '../change-password-error.ts';
import { fieldErrors } from '@/lib/field-errors.ts';

const FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;

/** R2 /change-password (signed in): the other sessions end, this one stays. */
export function ChangePasswordPage() {
  const { show } = useSnackbar();
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const errors = change.isError ? fieldErrors(apiErrorBody(change.error), FIELDS) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate(
      { old_password: oldPassword, new_password1: password1, new_password2: password2 },
      {
        onSuccess: () => {
          setOldPassword('');
          setPassword1('');
          setPassword2('');
          show(MESSAGES.passwordChanged, 'success');
        },
      },
    );
  };

  return (
    <AuthCard title="Change password" subtitle="Your other signed-in devices will be signed out.">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {change.isError && <Alert severity="error">{changePasswordErrorText(change.error)}</Alert>}
        <PasswordField
          label="Current password"
          name="old_password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          error={Boolean(errors.old_password)}
          autoComplete="current-password"
          required
          fullWidth
        />
        <NewPasswordFields
          password1={password1}
          password2={password2}
          onPassword1Change={setPassword1}
          onPassword2Change={setPassword2}
          errors={errors}
        />
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </Box>
    </AuthCard>
  );
}
