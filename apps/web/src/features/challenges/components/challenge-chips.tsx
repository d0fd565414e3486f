import type { ChallengeCategory, ChallengeStatus } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Chip from '@mui/material/Chip';
import { categoryLabel } from '@/domain/challenge-category.ts';
import { STATUS_LABELS } from '../lib/format.ts';

const STATUS_COLOURS = { not_started: 'default', in_progress: 'info', completed: 'success' } as const;
const STATUS_ICONS = {
  not_started: <RadioButtonUnchecked />,
  in_progress: <PlayCircleOutlined />,
  completed: <CheckCircle />,
};

const bold = { fontWeight: 600 } as const;

export function CategoryChip({ category }: { category: ChallengeCategory }) {
  return <Chip size="small" variant="outlined" label={categoryLabel(category)} sx={bold} />;
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
