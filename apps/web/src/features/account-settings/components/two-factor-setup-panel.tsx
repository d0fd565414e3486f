import type { RecoveryCodes, TwoFactorSetup } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorText } from '@/lib/api-client.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { groupKey, svgDataUrl } from '../lib/two-factor-display.ts';
import { CopyButton } from './copy-button.tsx';
import { ArrivalHeading } from './arrival-heading.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';

interface TwoFactorSetupPanelProps {
  setup: TwoFactorSetup;
  onConfirmed(codes: RecoveryCodes['recovery_codes']): void;
  onCancel(): void;
}

const APP_CODE = /^\d{6}$/;

/**
 * Setting up: the QR code (or the key by hand) for the authenticator app, then its first code to prove it
 * works, with the account's password (a signed-in session alone may not turn it on). Nothing changes on the
 * account until both are confirmed. Focus moves to its heading when it opens.
 */
export function TwoFactorSetupPanel({ setup, onConfirmed, onCancel }: TwoFactorSetupPanelProps) {
  const confirm = useConfirmTwoFactor();
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);

  /** Shows the messages under their fields and moves focus to the first field with one. */
  const showErrors = (found: { code?: string; password?: string }) => {
    setErrors(found);
    const first = found.code ? codeRef.current : found.password ? passwordRef.current : null;
    first?.focus();
    first?.select();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const value = code.replace(/\s+/g, '');
    const missing = {
      code: APP_CODE.test(value) ? undefined : SECURITY_MESSAGES.enterAppCode,
      password: password ? undefined : SECURITY_MESSAGES.enterPassword,
    };
    if (missing.code || missing.password) {
      showErrors(missing);
      return;
    }
    setErrors({});
    setProblem(null);
    confirm.mutate(
      { password, code: value },
      {
        onSuccess: (answer) => onConfirmed(answer.recovery_codes),
        onError: (failure) => {
          const wrong = fieldErrors(apiErrorBody(failure), ['code', 'password']);
          if (wrong.code || wrong.password) showErrors(wrong);
          else setProblem(apiErrorText(failure));
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="two-factor-setup-title" sx={{ display: 'grid', gap: 2.5 }}>
      <ArrivalHeading id="two-factor-setup-title">Set up your authenticator app</ArrivalHeading>
      <Typography>
        1. Scan this QR code with an authenticator app on your phone, such as Aegis, Google Authenticator, Microsoft
        Authenticator or 1Password.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        {/* Dark modules on white in both themes: phone cameras read a light quiet zone most reliably. */}
        <Box
          component="img"
          src={svgDataUrl(setup.qr_svg)}
          alt="QR code for your authenticator app"
          width={192}
          height={192}
          sx={{ flexShrink: 0, bgcolor: '#fff', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
        />
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0, justifyItems: 'start' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Cannot scan it? Add an account by hand with this key (time-based):
          </Typography>
          <Box
            component="code"
            sx={{ typography: 'mono', fontSize: '1.05rem', letterSpacing: '0.08em', overflowWrap: 'anywhere' }}
          >
            {groupKey(setup.secret)}
          </Box>
          <CopyButton text={setup.secret} copied={SECURITY_MESSAGES.keyCopied} size="small">
            Copy key
          </CopyButton>
        </Box>
      </Stack>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Confirm two-factor sign-in"
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography>2. Enter the 6-digit code the app shows and your password to finish.</Typography>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField
          label="Authentication code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
          error={Boolean(errors.code)}
          helperText={errors.code}
          autoComplete="one-time-code"
          inputRef={codeRef}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 32 } }}
          required
          sx={{ maxWidth: { sm: 280 } }}
        />
        <CurrentPasswordField
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          message={errors.password}
          inputRef={passwordRef}
          sx={{ maxWidth: { sm: 280 } }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm'}
          </Button>
          <Button type="button" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
