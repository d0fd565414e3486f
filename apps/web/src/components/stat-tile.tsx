import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatTileProps {
  icon?: ReactNode;
  /** The icon's colour (a theme palette path); the primary colour by default. */
  color?: string;
  label: string;
  value: string;
  note?: string;
  /** The dashboard's larger figures. */
  large?: boolean;
}

/** A labelled number in a list of figures; lists of tiles flow in as many columns as fit (`statListSx`). */
export function StatTile({ icon, color = 'primary.main', label, value, note, large = false }: StatTileProps) {
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        p: large ? 2.5 : 2,
        listStyle: 'none',
        display: 'flex',
        gap: large ? 2 : 1.5,
        alignItems: 'flex-start',
        borderRadius: 3,
      }}
    >
      {icon && (
        <Box aria-hidden sx={{ color, '& svg': { fontSize: large ? 32 : 28 } }}>
          {icon}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: large ? '1.75rem' : '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
          {value}
        </Typography>
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
