import type { ChallengeCategory, ChallengeStatus, Difficulty } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Chip from '@mui/material/Chip';
import { CATEGORY_LABELS, STATUS_LABELS } from '../lib/format.ts';
import { DIFFICULTY_LABELS } from '../../../lib/difficulty.ts';

const DIFFICULTY_COLOURS = { easy: 'success', medium: 'warning', hard: 'error' } as const;
const STATUS_COLOURS = { not_started: 'default', in_progress: 'info', completed: 'success' } as const;
const STATUS_ICONS = {
  not_started: <RadioButtonUnchecked />,
  in_progress: <PlayCircleOutlined />,
  completed: <CheckCircle />,
};

const bold = { fontWeight: 600 } as const;

export function DifficultyChip({ difficulty }: { difficulty: Difficulty }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DIFFICULTY_COLOURS[difficulty]}
      label={DIFFICULTY_LABELS[difficulty]}
      sx={bold}
    />
  );
}

export function CategoryChip({ category }: { category: ChallengeCategory }) {
  return <Chip size="small" variant="outlined" label={CATEGORY_LABELS[category]} sx={bold} />;
}

export function StatusChip({ status }: { status: ChallengeStatus }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'not_started' ? 'outlined' : 'filled'}
      icon={STATUS_ICONS[status]}
      label={STATUS_LABELS[status]}
      sx={bold}
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
      sx={bold}
    />
  );
}
