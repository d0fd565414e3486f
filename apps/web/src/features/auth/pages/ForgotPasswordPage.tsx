import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiErrorText } from '@/lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** R2 /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const reset = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || reset.isPending) return;
    reset.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      {reset.isSuccess ? (
        <Alert severity="success">{reset.data?.detail || MESSAGES.resetGeneric}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {reset.isError && <Alert severity="error">{apiErrorText(reset.error)}</Alert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending || !email.trim()}>
            {reset.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
