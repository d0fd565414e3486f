import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <Box component="header" sx={{ mb: { xs: 3, md: 4 } }}>
      <Typography variant="eyebrow" sx={{ color: 'primary.main' }}>
        {eyebrow}
      </Typography>
      <Typography variant="h1" sx={{ mt: 0.5, fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children && (
        <Typography variant="subtitle1" component="div" sx={{ color: 'text.secondary', mt: 1, maxWidth: 720 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

export const pageContainerSx = { py: { xs: 4, md: 6 }, px: { xs: 2, sm: 3 } } as const;
