import { SCOREBOARD_MODES, type ScoreboardMode, type ScoreboardStatus } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useSetScoreboardState } from '../api/scoreboard.ts';

const MODE_LABELS: Record<ScoreboardMode, string> = {
  live: 'Live: ranks change as learners score',
  frozen: 'Frozen: ranks stay as they are now',
  hidden: 'Hidden: learners see a message instead',
};

/** The board's state in words, for the operator. */
export function describeStatus(status: ScoreboardStatus): string {
  if (status.mode === 'live') return 'The leaderboard is live.';
  const what = status.mode === 'frozen' ? 'frozen' : 'hidden';
  const until = status.until ? `until ${formatDateTime(status.until)}` : 'until you show it again';
  return `The leaderboard is ${what} since ${formatDateTime(status.since)}, ${until}.`;
}

/** Freezes, hides or shows the leaderboard, with an optional end (in the operator's time zone). */
export function ScoreboardStateForm({ status }: { status: ScoreboardStatus }) {
  const change = useSetScoreboardState();
  const snackbar = useSnackbar();
  const labelId = useId();
  const [mode, setMode] = useState<ScoreboardMode>(status.mode);
  const [until, setUntil] = useState('');
  const body = apiErrorBody(change.error);
  const errors = fieldErrors(body, ['mode', 'until'] as const);
  const banner = change.isError ? (unplacedErrorText(body, ['mode', 'until']) ?? null) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const ends = mode !== 'live' && until ? new Date(until) : null;
    if (ends && Number.isNaN(ends.getTime())) return;
    change.mutate(
      { mode, until: ends ? ends.toISOString() : null },
      {
        onSuccess: (next) => {
          snackbar.show(describeStatus(next), 'success');
          setUntil('');
          change.reset();
        },
      },
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Leaderboard state" sx={{ display: 'grid', gap: 2 }}>
      <Typography role="status">{describeStatus(status)}</Typography>
      {banner && <Alert severity="error">{banner}</Alert>}
      <FormControl>
        <FormLabel id={labelId}>State</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={mode}
          onChange={(event) => setMode(event.target.value as ScoreboardMode)}
        >
          {SCOREBOARD_MODES.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={MODE_LABELS[value]} />
          ))}
        </RadioGroup>
      </FormControl>
      {mode !== 'live' && (
        <TextField
          label="Ends at (optional)"
          type="datetime-local"
          size="small"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          error={Boolean(errors.until)}
          helperText={errors.until ?? 'Your local time. Blank: until you show it again.'}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          Apply
        </Button>
      </Box>
    </Box>
  );
}
