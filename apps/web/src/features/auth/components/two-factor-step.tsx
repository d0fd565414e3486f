import { MESSAGES, type TokenPair } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useLoginSecondStep } from '../api/login-second-step.ts';
import { AuthCard } from './auth-card.tsx';
import { fieldErrors } from '@/lib/field-errors.ts';
import { CODE_SHAPES, TWO_FACTOR_STEP_MESSAGES as TEXT } from '../two-factor-messages.ts';

type CodeKind = keyof typeof CODE_SHAPES;

interface TwoFactorStepProps {
  ticket: string;
  onSignedIn(tokens: TokenPair): void;
  /** The ticket is no longer good (expired or used): the password step again, with this message. */
  onExpired(message: string): void;
  onBack(): void;
}

const FIELD = {
  app: {
    label: 'Authentication code',
    hint: TEXT.appHint,
    missing: TEXT.enterAppCode,
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9 ]*',
  },
  recovery: {
    label: 'Recovery code',
    hint: TEXT.recoveryHint,
    missing: TEXT.enterRecoveryCode,
    inputMode: 'text',
    autoComplete: 'off',
    pattern: '[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}',
  },
} as const;

// Decision 0099: the code step stays on /login (no route), one field for a code or a recovery code, no expiry timer.
/**
 * The second sign-in step for an account with two-factor sign-in: one code field, for the authenticator
 * app's code or (switched by a link) a recovery code. A wrong code shows under the field; an expired
 * ticket goes back to the password step; anything else (throttled) shows in the alert.
 */
export function TwoFactorStep({ ticket, onSignedIn, onExpired, onBack }: TwoFactorStepProps) {
  const verify = useLoginSecondStep();
  const inputRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CodeKind>('app');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; count: number } | null>(null);
  const field = FIELD[kind];

  const refocus = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const switchKind = () => {
    setKind((current) => (current === 'app' ? 'recovery' : 'app'));
    setCode('');
    setCodeError(null);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const value = code.replace(/\s+/g, '');
    if (!CODE_SHAPES[kind].test(value)) {
      setCodeError(field.missing);
      refocus();
      return;
    }
    setCodeError(null);
    verify.mutate(
      { ticket, code: value },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const wrong = fieldErrors(apiErrorBody(failure), ['code']).code;
          if (wrong) {
            setError(null);
            setCodeError(wrong);
            refocus();
            return;
          }
          const status = apiErrorStatus(failure);
          if (status === 400 || status === 401) {
            onExpired(apiErrorText(failure, MESSAGES.twoFactorTicketExpired));
            return;
          }
          setError((previous) => ({ message: apiErrorText(failure), count: (previous?.count ?? 0) + 1 }));
        },
      },
    );
  };

  return (
    <AuthCard title="Two-factor sign-in" subtitle={kind === 'app' ? TEXT.appIntro : TEXT.recoveryIntro}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && (
          <Alert key={`error-${error.count}`} severity="error" data-error-count={error.count}>
            {error.message}
          </Alert>
        )}
        <TextField
          label={field.label}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(null);
          }}
          error={Boolean(codeError)}
          helperText={codeError ?? field.hint}
          autoComplete={field.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          // The page changed under the user's hands: the one thing to do next is typing the code.
          autoFocus
          inputRef={inputRef}
          slotProps={{ htmlInput: { inputMode: field.inputMode, pattern: field.pattern, maxLength: 32 } }}
          required
          fullWidth
        />
        <Box>
          <Link component="button" type="button" variant="body2" onClick={switchKind}>
            {kind === 'app' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </Button>
        <Button type="button" variant="text" onClick={onBack}>
          Back to sign in
        </Button>
      </Box>
    </AuthCard>
  );
}
