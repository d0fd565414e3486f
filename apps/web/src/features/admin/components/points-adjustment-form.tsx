import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useAdjustPoints } from '../api/scoreboard.ts';
import { EitherOr } from './either-or.tsx';

const FIELDS = ['username', 'points', 'reason'] as const;
const EMPTY = { username: '', points: '', reason: '' };

/** Awards or deducts points with a reason; the learner is notified and the audit log records it. */
export function PointsAdjustmentForm() {
  const adjust = useAdjustPoints();
  const snackbar = useSnackbar();
  const [values, setValues] = useState(EMPTY);
  const [deduct, setDeduct] = useState(false);
  const body = apiErrorBody(adjust.error);
  const errors = fieldErrors(body, FIELDS);
  const banner = adjust.isError ? (unplacedErrorText(body, FIELDS) ?? 'Check the fields marked below.') : null;
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = Number(values.points);
    adjust.mutate(
      { username: values.username, points: deduct ? -amount : amount, reason: values.reason },
      {
        onSuccess: (result) => {
          const verb = result.points > 0 ? 'Awarded' : 'Deducted';
          snackbar.show(
            `${verb} ${Math.abs(result.points)} points: ${result.username} now has ${result.total_after}.`,
            'success',
          );
          setValues(EMPTY);
          adjust.reset();
        },
      },
    );
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Award or deduct points"
      sx={{ display: 'grid', gap: 2 }}
    >
      {banner && <Alert severity="error">{banner}</Alert>}
      <EitherOr label="Change" options={['Award points', 'Deduct points']} value={deduct} onChange={setDeduct} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Username"
          size="small"
          required
          value={values.username}
          onChange={set('username')}
          error={Boolean(errors.username)}
          helperText={errors.username}
        />
        <TextField
          label="Points"
          size="small"
          required
          inputMode="numeric"
          value={values.points}
          onChange={set('points')}
          error={Boolean(errors.points)}
          helperText={errors.points ?? (deduct ? 'Never more than the learner has' : undefined)}
        />
      </Box>
      <TextField
        label="Reason (the learner is told)"
        size="small"
        required
        value={values.reason}
        onChange={set('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={adjust.isPending}>
          {deduct ? 'Deduct points' : 'Award points'}
        </Button>
      </Box>
    </Box>
  );
}
