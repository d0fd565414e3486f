import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { streakTier } from '../../../lib/streak-tier.ts';

const TIER_NAMES = { none: 'no streak yet', rare: 'rare', epic: 'epic', legendary: 'legendary' } as const;

/** The daily streak with its tier styling (spec §2, §9). */
export function StreakIndicator({ days }: { days: number }) {
  const tier = streakTier(days);
  const label = `Streak: ${days} ${days === 1 ? 'day' : 'days'} (${TIER_NAMES[tier]})`;
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        data-tier={tier}
        className={`streak-indicator streak-indicator--${tier}`}
        sx={(theme) => {
          const color = theme.palette.streak[tier];
          return {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.5,
            borderRadius: 999,
            fontWeight: 700,
            fontSize: '0.875rem',
            fontVariantNumeric: 'tabular-nums',
            color,
            border: `1px solid ${alpha(color, tier === 'none' ? 0.3 : 0.5)}`,
            bgcolor: alpha(color, tier === 'none' ? 0.04 : 0.12),
            ...(tier === 'legendary' && { boxShadow: `0 0 12px ${alpha(color, 0.45)}` }),
            ...(tier === 'epic' && { boxShadow: `0 0 8px ${alpha(color, 0.3)}` }),
          };
        }}
      >
        <LocalFireDepartment sx={{ fontSize: 18 }} aria-hidden />
        <span aria-hidden="true">{days}</span>
      </Box>
    </Tooltip>
  );
}
