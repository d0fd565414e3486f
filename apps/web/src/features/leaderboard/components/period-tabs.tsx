import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@bastion/contract';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PERIOD_LABELS } from '../lib/leaderboard-params.ts';

export const periodTabId = (period: LeaderboardPeriod) => `leaderboard-tab-${period}`;
export const PERIOD_PANEL_ID = 'leaderboard-panel';

interface PeriodTabsProps {
  value: LeaderboardPeriod;
  onChange(period: LeaderboardPeriod): void;
}

/** All time, this month, this week (UTC calendar month and ISO week, R14). */
export function PeriodTabs({ value, onChange }: PeriodTabsProps) {
  return (
    <Tabs
      value={value}
      onChange={(_event, period: LeaderboardPeriod) => onChange(period)}
      aria-label="Leaderboard period"
      variant="fullWidth"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', maxWidth: { sm: 480 } }}
    >
      {LEADERBOARD_PERIODS.map((period) => (
        <Tab
          key={period}
          value={period}
          label={PERIOD_LABELS[period]}
          id={periodTabId(period)}
          aria-controls={PERIOD_PANEL_ID}
        />
      ))}
    </Tabs>
  );
}
