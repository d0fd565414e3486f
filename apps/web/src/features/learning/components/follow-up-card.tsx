import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FollowUpCardProps {
  /** The landmark it is: `nav` (where to go on) or `aside` (an invitation). */
  component: 'nav' | 'aside';
  id: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

/** A card below a success state: a titled landmark, a line of lead text, then its actions. */
export function FollowUpCard({ component, id, title, lead, children }: FollowUpCardProps) {
  return (
    <Paper
      variant="outlined"
      component={component}
      aria-labelledby={id}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, textAlign: 'left', borderRadius: 3 }}
    >
      <Typography id={id} variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {lead}
      </Typography>
      {children}
    </Paper>
  );
}
