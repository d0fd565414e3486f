import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A labelled number; lists of tiles flow in as many columns as fit. */
export function StatTile({
  icon,
  label,
  value,
  note,
}: {
  icon?: ReactNode;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: 2, listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'flex-start', borderRadius: 3 }}
    >
      {icon && (
        <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 28 } }}>
          {icon}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>{value}</Typography>
        {note && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {note}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

export const statListSx = {
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
} as const;
