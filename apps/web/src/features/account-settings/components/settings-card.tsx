import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

interface SettingsCardProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** Lets the card's own content move focus to its heading (after the control that had it is gone). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One titled group of settings: a labelled region with its own h2. */
export function SettingsCard({ id, title, description, children, headingRef }: SettingsCardProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3.5 }}
    >
      <Typography
        id={`${id}-title`}
        variant="h5"
        component="h2"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        sx={{ outline: 'none' }}
      >
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
