import type { ActivityDay } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { useEffect, useId, useMemo, useRef } from 'react';
import { visuallyHidden } from '../lib/visually-hidden.ts';
import { ACTIVITY_LEVELS, heatmapLayout, type ActivityLevel } from '../domain/activity-heatmap.ts';
import { plural } from '../lib/plural.ts';

const CELL = 11;
const STEP = CELL + 3;
const LEFT = 30;
const TOP = 16;
const WEEKDAYS = [
  { row: 1, label: 'Mon' },
  { row: 3, label: 'Wed' },
  { row: 5, label: 'Fri' },
];

/** Level 0 is an outlined empty cell; levels 1–4 deepen the primary colour, which holds contrast in both themes. */
export function levelFill(theme: Theme, level: ActivityLevel): string {
  if (level === 0) return theme.palette.raised;
  return alpha(theme.palette.primary.main, [0.3, 0.5, 0.75, 1][level - 1]!);
}

interface ActivityHeatmapProps {
  activity: readonly ActivityDay[];
  activeDays: number;
}

/**
 * The last 365 days as a grid of weeks × days, like GitHub's. Each day's tooltip reads "N points on <date>";
 * screen readers get the year's summary rather than 365 separate cells. Wider than a phone, so it
 * scrolls sideways, starting at the most recent weeks.
 */
export function ActivityHeatmap({ activity, activeDays }: ActivityHeatmapProps) {
  const theme = useTheme();
  const layout = useMemo(() => heatmapLayout(activity), [activity]);
  const scroller = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const width = LEFT + layout.columns * STEP;
  const height = TOP + 7 * STEP;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [layout]);

  return (
    <Box>
      <Box
        ref={scroller}
        role="group"
        aria-labelledby={labelId}
        // Focusable so keyboard users can scroll it on a narrow screen.
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          pb: 1,
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <Typography id={labelId} sx={visuallyHidden}>
          {plural(activeDays, 'active day')} in the last year
        </Typography>
        {/* The summary speaks for the grid; each day's title is its tooltip. */}
        <svg
          aria-hidden="true"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block' }}
        >
          <g fill={theme.palette.text.secondary} fontSize={10}>
            {layout.months.map(({ column, label }) => (
              <text key={`${column}-${label}`} x={LEFT + column * STEP} y={10}>
                {label}
              </text>
            ))}
            {WEEKDAYS.map(({ row, label }) => (
              <text key={label} x={0} y={TOP + row * STEP + CELL - 1}>
                {label}
              </text>
            ))}
          </g>
          {layout.cells.map((cell) => (
            <rect
              key={cell.date}
              data-date={cell.date}
              data-level={cell.level}
              x={LEFT + cell.column * STEP}
              y={TOP + cell.row * STEP}
              width={CELL}
              height={CELL}
              rx={2}
              fill={levelFill(theme, cell.level)}
              stroke={cell.level === 0 ? theme.palette.divider : 'none'}
            >
              <title>{cell.label}</title>
            </rect>
          ))}
        </svg>
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 0.5,
          mt: 1,
          color: 'text.secondary',
        }}
      >
        <Typography variant="caption" component="span" sx={{ mr: 0.5 }}>
          Less
        </Typography>
        {ACTIVITY_LEVELS.map((level) => (
          <Box
            key={level}
            component="span"
            sx={{
              width: CELL,
              height: CELL,
              borderRadius: 0.5,
              bgcolor: levelFill(theme, level),
              border: level === 0 ? 1 : 0,
              borderColor: 'divider',
            }}
          />
        ))}
        <Typography variant="caption" component="span" sx={{ ml: 0.5 }}>
          More
        </Typography>
      </Box>
    </Box>
  );
}
