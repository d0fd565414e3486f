import Box from '@mui/material/Box';

/**
 * What a course or module pays: its points, then the completion bonus as a figure of its own,
 * so the total its completion shows is no surprise.
 */
export function PointsWorth({ points, bonus }: { points: number; bonus: number }) {
  return (
    <>
      {points} pts{' '}
      <Box component="span" sx={{ color: 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
        + {bonus} bonus
      </Box>
    </>
  );
}
