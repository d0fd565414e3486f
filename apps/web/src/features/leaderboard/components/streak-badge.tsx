import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { daysText } from '../lib/format.ts';
import { streakTier } from '@/domain/streak-tier.ts';
import { formatNumber } from '@/lib/plural.ts';

const TIER_NAMES = { none: 'no streak', rare: 'rare', epic: 'epic', legendary: 'legendary' } as const;

/** A learner's streak with the tier styling of R9 (1 rare, 7 epic, 15 legendary). */
export function StreakBadge({ days }: { days: number }) {
  const tier = streakTier(days);
  const label = `Streak: ${daysText(days)} (${TIER_NAMES[tier]})`;
  return (
    <Box
      role="img"
      aria-label={label}
      title={label}
      data-tier={tier}
      sx={(theme) => {
        const color = theme.palette.streak[tier];
        return {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.25,
          px: 0.75,
          py: 0.25,
          borderRadius: 999,
          fontWeight: 700,
          fontSize: '0.8125rem',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color,
          border: `1px solid ${alpha(color, tier === 'none' ? 0.3 : 0.5)}`,
          bgcolor: alpha(color, tier === 'none' ? 0.04 : 0.12),
          ...(tier === 'legendary' && { boxShadow: `0 0 10px ${alpha(color, 0.4)}` }),
        };
      }}
    >
      <LocalFireDepartment sx={{ fontSize: 16 }} aria-hidden />
      <span aria-hidden="true">{formatNumber(days)}</span>
    </Box>
  );
}
