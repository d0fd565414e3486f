import { MESSAGES, type TokenPair } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { apiErrorBody, apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session';
import { isTwoFactorChallenge, useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { VerificationPrompt } from '../components/verification-prompt.tsx';

interface ShownError {
  message: string;
  /** R4: counts sign-in errors, so the same message shown twice is announced twice. */
  count: number;
}

function isUnverified(error: unknown): boolean {
  const body = apiErrorBody(error) as { detail?: unknown } | undefined;
  return apiErrorStatus(error) === 403 && body?.detail === MESSAGES.unverified;
}

/**
 * R2 /login: username (lowercased), password and the captcha; success goes to /dashboard. An account
 * with two-factor sign-in answers with a ticket instead of tokens: the same page then asks for the code.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<ShownError | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [missing, setMissing] = useState({ username: false, password: false });
  const [ticket, setTicket] = useState<string | null>(null);
  const [passwordAgain, setPasswordAgain] = useState(false);

  const onToken = useCallback((token: string | null) => setCaptchaToken(token), []);
  const showError = (message: string) => setError((previous) => ({ message, count: (previous?.count ?? 0) + 1 }));
  const renewCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  };

  const finish = (tokens: TokenPair) => {
    signIn(tokens);
    void navigate('/dashboard', { replace: true });
  };

  /** From the code step back to the password step: the username is kept, the password asked again. */
  const backToPassword = (message?: string) => {
    setTicket(null);
    setPassword('');
    setPasswordAgain(true);
    if (message) showError(message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const empty = { username: !username.trim(), password: !password };
    setMissing(empty);
    if (!captchaToken) {
      showError(MESSAGES.captchaRequired);
      return;
    }
    if (empty.username || empty.password) return;
    const body = { username: username.trim().toLowerCase(), password, recaptchaToken: captchaToken };
    login.mutate(body, {
      onSuccess: (answer) => {
        if (isTwoFactorChallenge(answer)) {
          // The solution was spent on this step: coming back to it needs a new one.
          renewCaptcha();
          setError(null);
          setTicket(answer.ticket);
          return;
        }
        finish(answer);
      },
      onError: (failure) => {
        // Each captcha solution is accepted once: the next attempt needs a new one.
        renewCaptcha();
        if (isUnverified(failure)) {
          setError(null);
          setUnverified(true);
          return;
        }
        showError(apiErrorText(failure));
      },
    });
  };

  if (ticket) {
    return (
      <TwoFactorStep
        ticket={ticket}
        onSignedIn={finish}
        onExpired={(message) => backToPassword(message)}
        onBack={() => backToPassword()}
      />
    );
  }

  if (unverified) {
    return (
      <AuthCard title="Verify your account">
        <VerificationPrompt initialValue={username.trim().toLowerCase()} onBack={() => setUnverified(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to continue your training."
      footer={
        <>
          <Link component={RouterLink} to="/forgot-password">
            Forgot your password?
          </Link>
          <Typography variant="body2">
            New to Bastion?{' '}
            <Link component={RouterLink} to="/register" underline="always">
              Create an account
            </Link>
          </Typography>
        </>
      }
    >
      {/* noValidate: the captcha's own checkbox is `required`, and the browser's bubble would hide the message below. */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && (
          <Alert key={`error-${error.count}`} severity="error" data-error-count={error.count}>
            {error.message}
          </Alert>
        )}
        <TextField
          label="Username"
          name="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setMissing((previous) => ({ ...previous, username: false }));
          }}
          error={missing.username}
          helperText={missing.username ? 'Enter your username.' : undefined}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing((previous) => ({ ...previous, password: false }));
          }}
          error={missing.password}
          helperText={missing.password ? 'Enter your password.' : undefined}
          autoComplete="current-password"
          autoFocus={passwordAgain}
          required
          fullWidth
        />
        <CaptchaField key={`captcha-${captchaKey}`} onToken={onToken} />
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>
    </AuthCard>
  );
}
