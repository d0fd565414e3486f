import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}

/** A home-page section with its eyebrow, heading and intro on the shared spacing scale. */
export function Section({ id, eyebrow, title, intro, children, tinted = false }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        py: { xs: 8, md: 12 },
        bgcolor: tinted ? 'background.paper' : 'transparent',
        borderTop: tinted ? 1 : 0,
        borderBottom: tinted ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ maxWidth: 720, mb: { xs: 5, md: 7 } }}>
          <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 1.5 }}>
            {eyebrow}
          </Typography>
          <Typography id={headingId} variant="h2" sx={{ mb: intro ? 2 : 0 }}>
            {title}
          </Typography>
          {intro && (
            <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary' }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
