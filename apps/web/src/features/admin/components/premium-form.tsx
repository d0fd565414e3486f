import { MAX_PREMIUM_DAYS } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

interface PremiumFormProps {
  pending: boolean;
  /** A server's field error for `days`. */
  error?: string;
  onGrant(days: number | null): void;
}

const DAYS_HINT = `Added to a running period; 1 to ${MAX_PREMIUM_DAYS} days.`;

/** Grant Premium for a number of days (its end date shows on the page afterwards), or with no end date. */
export function PremiumForm({ pending, error, onGrant }: PremiumFormProps) {
  const [days, setDays] = useState('30');
  const [noEnd, setNoEnd] = useState(false);
  const value = Number(days);
  const valid = noEnd || (/^\d+$/.test(days) && value >= 1 && value <= MAX_PREMIUM_DAYS);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onGrant(noEnd ? null : value);
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        label="Days of Premium"
        size="small"
        inputMode="numeric"
        value={days}
        disabled={noEnd}
        onChange={(event) => setDays(event.target.value)}
        error={!valid || Boolean(error)}
        helperText={error ?? (valid ? DAYS_HINT : `Enter a whole number from 1 to ${MAX_PREMIUM_DAYS}.`)}
        sx={{ width: 200 }}
      />
      <FormControlLabel
        control={<Checkbox checked={noEnd} onChange={(event) => setNoEnd(event.target.checked)} />}
        label="No end date"
      />
      <Button type="submit" variant="contained" disabled={!valid || pending}>
        Grant Premium
      </Button>
    </Box>
  );
}
