import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SettingsCardProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/** One titled group of settings: a labelled region with its own h2. */
export function SettingsCard({ id, title, description, children }: SettingsCardProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3.5 }}
    >
      <Typography id={`${id}-title`} variant="h5" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 3 }}>{children}</Box>
    </Paper>
  );
}
