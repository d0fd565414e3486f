import { OVERRIDE_LIMITS, OVERRIDE_MESSAGES, type ContentItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { OverrideChange } from '../api/content-items.ts';

interface OverrideActionsProps {
  item: ContentItem;
  busy: boolean;
  onChange(change: OverrideChange): void;
}

/** A step's points, as learners get them, in a field with its own Save. */
function PointsForm({ item, busy, onChange }: OverrideActionsProps) {
  const [points, setPoints] = useState(String(item.points ?? ''));
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = points.trim() === '' ? Number.NaN : Number(points);
    if (!Number.isInteger(value) || value < 0 || value > OVERRIDE_LIMITS.maxPoints) {
      setError(OVERRIDE_MESSAGES.points);
      return;
    }
    setError(null);
    onChange({ id: item.id, body: { points: value } });
  }
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={`Points of ${item.title}`}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label="Points"
        size="small"
        inputMode="numeric"
        value={points}
        onChange={(event) => setPoints(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        sx={{ width: error ? 220 : 96 }}
        slotProps={{ htmlInput: { 'aria-label': `Points of ${item.title}` } }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={busy}>
        Save
      </Button>
    </Box>
  );
}

/** Hide or show an item (its points for a step), and clear its override when it has one. */
export function OverrideActions(props: OverrideActionsProps) {
  const { item, busy, onChange } = props;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {item.kind === 'step' ? (
        <PointsForm key={`${item.points}`} {...props} />
      ) : (
        <Button
          size="small"
          variant="outlined"
          color={item.hidden ? 'primary' : 'warning'}
          disabled={busy}
          onClick={() => onChange({ id: item.id, body: { hidden: !item.hidden } })}
          aria-label={`${item.hidden ? 'Show' : 'Hide'} ${item.title}`}
        >
          {item.hidden ? 'Show' : 'Hide'}
        </Button>
      )}
      {item.override && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => onChange({ id: item.id, clear: true })}
          aria-label={`Clear the override of ${item.title}`}
        >
          Clear override
        </Button>
      )}
    </Box>
  );
}
