import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ActivityDay } from '@bastion/contract';
import { useMemo } from 'react';

/** Shade steps relative to the busiest day, so one huge day does not flatten the rest. */
function level(points: number, max: number): number {
  if (points <= 0 || max <= 0) return 0;
  return Math.min(4, Math.ceil((points / max) * 4));
}

/**
 * A year of daily points as a grid of squares, one column per week (oldest first). Decorative: the totals
 * beside it say the same in words.
 */
export function ActivityStrip({ days }: { days: ActivityDay[] }) {
  const max = useMemo(() => days.reduce((top, day) => Math.max(top, day.points), 0), [days]);
  return (
    <Box aria-hidden sx={{ overflowX: 'auto', pb: 1 }}>
      <Box
        sx={(theme) => ({
          display: 'grid',
          gridTemplateRows: 'repeat(7, 10px)',
          gridAutoFlow: 'column',
          gridAutoColumns: '10px',
          gap: '3px',
          width: 'max-content',
          '& span': { borderRadius: '2px', backgroundColor: alpha(theme.palette.text.primary, 0.08) },
          ...Object.fromEntries(
            [1, 2, 3, 4].map((step) => [
              `& span[data-level="${step}"]`,
              { backgroundColor: alpha(theme.palette.primary.main, 0.25 + step * 0.18) },
            ]),
          ),
        })}
      >
        {days.map((day) => (
          <span key={day.date} data-level={level(day.points, max)} title={`${day.date}: ${day.points}`} />
        ))}
      </Box>
    </Box>
  );
}
