import type { ChallengeProgress } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format-time.ts';
import { formatDuration } from '../lib/format.ts';

/** The run in numbers: points, hints, rank and time, as a description list. */
export function ProgressSummary({ progress, maxPoints }: { progress: ChallengeProgress; maxPoints: number }) {
  const items: [string, string][] = [
    ['Points earned', `${progress.points_earned} of ${maxPoints}`],
    ['Hints used', String(progress.hints_used)],
    ['Rank', progress.rank !== null ? `#${progress.rank}` : 'After completion'],
    progress.time_taken_seconds !== null
      ? ['Time taken', formatDuration(progress.time_taken_seconds)]
      : ['Started', formatDateTime(progress.started_at) ?? '—'],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 2,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box
          key={label}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2, bgcolor: 'background.paper', minWidth: 0 }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, mt: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
