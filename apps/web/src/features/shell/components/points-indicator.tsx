import Bolt from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';

const format = new Intl.NumberFormat('en');

/** The learner's total points (spec §2). */
export function PointsIndicator({ points }: { points: number }) {
  const label = `Total points: ${format.format(points)}`;
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        sx={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 999,
          fontWeight: 700,
          fontSize: '0.875rem',
          fontVariantNumeric: 'tabular-nums',
          color: theme.palette.points,
          border: `1px solid ${alpha(theme.palette.points, 0.45)}`,
          bgcolor: alpha(theme.palette.points, 0.1),
        })}
      >
        <Bolt sx={{ fontSize: 18 }} aria-hidden />
        <span aria-hidden="true">{format.format(points)}</span>
      </Box>
    </Tooltip>
  );
}
