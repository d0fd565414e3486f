import { DISPLAY, MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { apiErrorBody } from '@/lib/api-client.ts';
import { useSignup } from '../api/signup.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CountryField } from '@/components/country-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { CHECK_FIELDS, fieldErrors, hasFieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';

const FIELDS = ['username', 'first_name', 'last_name', 'email', 'country', 'password1', 'password2'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  country: '',
  password1: '',
  password2: '',
};

/**
 * R8: the built message or 'Registration failed.', built only from what no field shows: a field's own
 * message is under that field, by its label, and not repeated above the form.
 */
function registrationErrorText(error: unknown, fieldsShowErrors: boolean): string {
  const rest = unplacedErrorText(apiErrorBody(error), FIELDS);
  if (rest) return rest;
  return fieldsShowErrors ? `${MESSAGES.registrationFailed} ${CHECK_FIELDS}` : MESSAGES.registrationFailed;
}

/** R2 /register: the sign-up payload; success shows the message and returns to /login after 5 s. */
export function RegisterPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [values, setValues] = useState<Values>(EMPTY);
  const [succeeded, setSucceeded] = useState(false);
  // R5: the passwords must match; checked here too so a typo costs no round trip.
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate('/login'), DISPLAY.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const errors: Partial<Record<Field, string>> = signup.isError ? fieldErrors(apiErrorBody(signup.error), FIELDS) : {};
  if (mismatch) errors.password2 = MESSAGES.passwordMismatch;
  const set = (field: Field) => (event: { target: { value: string } }) => {
    if (field === 'password1' || field === 'password2') setMismatch(false);
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  };

  const setCountry = useCallback((code: string) => setValues((previous) => ({ ...previous, country: code })), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending || succeeded) return;
    if (values.password1 !== values.password2) {
      signup.reset();
      setMismatch(true);
      return;
    }
    signup.mutate(
      {
        ...values,
        username: values.username.trim().toLowerCase(),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
      },
      { onSuccess: () => setSucceeded(true) },
    );
  };

  if (succeeded) {
    return (
      <AuthCard title="Check your email">
        <Alert severity="success">{MESSAGES.registrationSuccess}</Alert>
        <Typography sx={{ color: 'text.secondary' }}>
          You will be taken to the{' '}
          <Link component={RouterLink} to="/login" underline="always">
            sign-in page
          </Link>{' '}
          in a few seconds.
        </Typography>
      </AuthCard>
    );
  }

  const text = (field: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={set(field)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      required
      fullWidth
      {...extra}
    />
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start learning offensive and defensive security, one lab at a time."
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" underline="always">
            Sign in
          </Link>
        </Typography>
      }
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {signup.isError && (
          <Alert severity="error">{registrationErrorText(signup.error, hasFieldErrors(errors))}</Alert>
        )}
        {text('username', 'Username', { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('first_name', 'First name', { autoComplete: 'given-name' })}
          {text('last_name', 'Last name', { autoComplete: 'family-name' })}
        </Box>
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        <CountryField value={values.country} onChange={setCountry} error={errors.country} />
        <PasswordField
          label="Password"
          name="password1"
          value={values.password1}
          onChange={set('password1')}
          error={Boolean(errors.password1)}
          helperText={errors.password1 ?? 'At least 10 characters.'}
          autoComplete="new-password"
          required
          fullWidth
        />
        <PasswordField
          label="Confirm password"
          name="password2"
          value={values.password2}
          onChange={set('password2')}
          error={Boolean(errors.password2)}
          helperText={errors.password2}
          autoComplete="new-password"
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={signup.isPending}>
          {signup.isPending ? 'Creating your account…' : 'Create account'}
        </Button>
      </Box>
    </AuthCard>
  );
}
