import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/query-states.tsx';
import { isMissing } from '@/lib/api-errors.ts';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

interface SectionQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

interface ProfileSectionProps<T> {
  id: string;
  title: string;
  query: SectionQuery<T>;
  children(data: T): ReactNode;
}

/**
 * One section of a public profile: its heading, then loading, failure or content. A 404 means the owner
 * hid the section (or the profile) after the page loaded: the section then simply is not there.
 */
export function ProfileSection<T>({ id, title, query, children }: ProfileSectionProps<T>) {
  if (query.isError && isMissing(query.error)) return null;
  let body: ReactNode;
  if (query.data !== undefined) {
    body = children(query.data);
  } else if (query.isPending) {
    body = (
      <Box role="status" aria-live="polite">
        <Box component="span" sx={visuallyHidden}>
          Loading {title.toLowerCase()}…
        </Box>
        <Skeleton variant="rounded" height={120} aria-hidden />
      </Box>
    );
  } else {
    body = (
      <LoadError
        title={`Could not load ${title.toLowerCase()}.`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4 }}
    >
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ mb: 2.5 }}>
        {title}
      </Typography>
      {body}
    </Paper>
  );
}
