import { DISPLAY } from '@bastion/contract';

export type StreakTier = 'none' | 'rare' | 'epic' | 'legendary';

/** R9: streak styling tiers at 1 (rare), 7 (epic) and 15 (legendary) days. */
export function streakTier(days: number): StreakTier {
  const { rare, epic, legendary } = DISPLAY.streakTiers;
  if (days >= legendary) return 'legendary';
  if (days >= epic) return 'epic';
  if (days >= rare) return 'rare';
  return 'none';
}
