import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { LearnerRow } from '@bastion/contract';

/** An account's flags in words: Disabled, Unverified, Staff, Premium. */
export function StatusChips({ learner }: { learner: LearnerRow }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {!learner.is_active && <Chip size="small" color="error" label="Disabled" />}
      {!learner.is_verified && <Chip size="small" color="warning" label="Unverified" />}
      {learner.is_staff && <Chip size="small" color="info" label="Staff" />}
      {learner.is_premium && <Chip size="small" color="success" label="Premium" />}
    </Stack>
  );
}
