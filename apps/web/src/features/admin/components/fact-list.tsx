import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list, two columns from the small breakpoint. */
export function FactList({ facts, label }: { facts: [string, ReactNode][]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
        '& dt': { color: 'text.secondary', fontWeight: 600 },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
