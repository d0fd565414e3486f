import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';

export interface RedeemResult {
  severity: AlertColor;
  text: string;
}

interface CodeRedeemFormProps {
  fieldLabel: string;
  submitLabel: string;
  /** The form's accessible name, where the page holds more than one form. */
  formLabel?: string;
  icon?: ReactNode;
  /** A TanStack mutation fits as it is. */
  redeem: { isPending: boolean; mutate(code: string, options: { onSuccess(): void }): void };
  outcome: RedeemResult | null;
  onDismiss(): void;
}

/** A code field and its button (reward and upgrade codes), with the answer shown right under them. */
export function CodeRedeemForm({
  fieldLabel,
  submitLabel,
  formLabel,
  icon,
  redeem,
  outcome,
  onDismiss,
}: CodeRedeemFormProps) {
  const [code, setCode] = useState('');
  const trimmed = code.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed, { onSuccess: () => setCode('') });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={formLabel}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          label={fieldLabel}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoCapitalize: 'characters' } }}
          sx={{ flexGrow: 1, width: { xs: '100%', sm: 'auto' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={icon}
          disabled={!trimmed || redeem.isPending}
          sx={{ flexShrink: 0, minHeight: 40, whiteSpace: 'nowrap' }}
        >
          {redeem.isPending ? 'Redeeming…' : submitLabel}
        </Button>
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} role="alert" sx={{ mt: 2 }} onClose={onDismiss}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
