import type { Difficulty } from '@bastion/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DIFFICULTY_COLOURS, DIFFICULTY_LABELS } from '../domain/difficulty.ts';

export function DifficultyChip({ difficulty }: { difficulty: Difficulty }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DIFFICULTY_COLOURS[difficulty]}
      label={DIFFICULTY_LABELS[difficulty]}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** Premium content; with `locked` the learner cannot open it until they upgrade. */
export function PremiumChip({ locked }: { locked: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color="secondary"
      icon={locked ? <LockOutlined /> : <WorkspacePremium />}
      label={locked ? 'Premium · locked' : 'Premium'}
      sx={{ fontWeight: 600 }}
    />
  );
}

interface LevelChipsProps {
  difficulty: Difficulty;
  premium: boolean;
  locked: boolean;
}

/** A card's difficulty, and Premium when it is premium content. */
export function LevelChips({ difficulty, premium, locked }: LevelChipsProps) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <DifficultyChip difficulty={difficulty} />
      {premium && <PremiumChip locked={locked} />}
    </Stack>
  );
}
