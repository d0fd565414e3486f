import { MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '@/lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';

interface VerificationPromptProps {
  initialValue: string;
  onBack(): void;
}

/** R8: an unverified account is asked for its username or email, and a new verification link is sent. */
export function VerificationPrompt({ initialValue, onBack }: VerificationPromptProps) {
  const [value, setValue] = useState(initialValue);
  const resend = useResendVerification();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return;
    resend.mutate(trimmed);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="warning">{MESSAGES.unverifiedPrompt}</Alert>
      <TextField
        label="Username or Email"
        name="username_or_email"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="username"
        required
        fullWidth
      />
      {resend.isSuccess && <Alert severity="success">{resend.data?.detail || MESSAGES.resendGeneric}</Alert>}
      {resend.isError && <Alert severity="error">{apiErrorText(resend.error)}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={resend.isPending || !value.trim()}>
        {resend.isPending ? 'Sending…' : 'Send verification link'}
      </Button>
      <Button onClick={onBack}>Back to sign in</Button>
    </Box>
  );
}
