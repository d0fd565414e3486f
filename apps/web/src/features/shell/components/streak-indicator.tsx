import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import { plural } from '@/lib/plural.ts';
import { streakTier } from '@/domain/streak-tier.ts';
import { StatPill } from './stat-pill.tsx';

const TIER_NAMES = { none: 'no streak yet', rare: 'rare', epic: 'epic', legendary: 'legendary' } as const;
const GLOW = { none: undefined, rare: undefined, epic: 8, legendary: 12 } as const;

/** The daily streak with its tier styling (R2, R9). */
export function StreakIndicator({ days }: { days: number }) {
  const tier = streakTier(days);
  return (
    <StatPill
      label={`Streak: ${plural(days, 'day')} (${TIER_NAMES[tier]})`}
      icon={<LocalFireDepartment sx={{ fontSize: 18 }} aria-hidden />}
      value={String(days)}
      color={(theme) => theme.palette.streak[tier]}
      quiet={tier === 'none'}
      glow={GLOW[tier]}
      tier={tier}
      className={`streak-indicator streak-indicator--${tier}`}
    />
  );
}
