import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface ProfileSectionProps {
  title: string;
  /** One line under the heading. */
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

/** One part of /profile: a landmark named by its own heading. */
export function ProfileSection({ title, description, action, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -0.5, mb: 1.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}
