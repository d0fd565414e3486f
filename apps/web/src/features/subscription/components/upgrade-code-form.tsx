import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useRedeemUpgradeCode, type UpgradeOutcome } from '../api/redeem-upgrade-code.ts';

/** An upgrade code from the team (the operator's `coupon create --premium-days`), redeemed for Premium. */
export function UpgradeCodeForm() {
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<UpgradeOutcome | null>(null);
  const redeem = useRedeemUpgradeCode(setOutcome);
  const trimmed = code.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed, { onSuccess: () => setCode('') });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Redeem an upgrade code">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          label="Upgrade code"
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
          disabled={!trimmed || redeem.isPending}
          sx={{ flexShrink: 0, minHeight: 40, whiteSpace: 'nowrap' }}
        >
          {redeem.isPending ? 'Redeeming…' : 'Redeem code'}
        </Button>
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} role="alert" sx={{ mt: 2 }} onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
