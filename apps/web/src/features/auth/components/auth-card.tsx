import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every account screen: one centred card, full width on a 375 px phone. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 2, sm: 3 }, py: { xs: 4, sm: 8 } }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography sx={{ color: 'text.secondary', mt: 1 }} component="div">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
        {footer && <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, textAlign: 'center' }}>{footer}</Box>}
      </Paper>
    </Box>
  );
}
