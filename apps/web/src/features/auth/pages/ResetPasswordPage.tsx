import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { apiErrorBody } from '@/lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { CHECK_FIELDS, fieldErrors, hasFieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';

const FIELDS = ['new_password1', 'new_password2'] as const;

/** R2 /reset-password/{uidb64}/{token}: a new password from the emailed link. */
export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const confirm = useConfirmPasswordReset();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const errors = confirm.isError ? fieldErrors(apiErrorBody(confirm.error), FIELDS) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate({ uidb64, token, new_password1: password1, new_password2: password2 });
  };

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      {confirm.isSuccess ? (
        <>
          <Alert severity="success">{confirm.data?.detail || MESSAGES.passwordReset}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Sign in
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {confirm.isError && (
            <Alert severity="error">
              {unplacedErrorText(apiErrorBody(confirm.error), FIELDS) ??
                (hasFieldErrors(errors) ? CHECK_FIELDS : MESSAGES.invalidResetLink)}
            </Alert>
          )}
          <NewPasswordFields
            password1={password1}
            password2={password2}
            onPassword1Change={setPassword1}
            onPassword2Change={setPassword2}
            errors={errors}
          />
          <Button type="submit" variant="contained" size="large" disabled={confirm.isPending}>
            {confirm.isPending ? 'Saving…' : 'Set new password'}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
