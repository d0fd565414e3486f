import SearchOff from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiErrorText } from '../lib/api-client.ts';
import { cardGridSx } from './card-grid.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

/** Placeholder cards while a list loads; announced once as "Loading …". */
export function LoadingCards({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Box sx={cardGridSx} aria-hidden>
        {Array.from({ length: count }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={320} sx={{ borderRadius: 3.5 }} />
        ))}
      </Box>
    </Box>
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 2 }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Skeleton variant="text" width="40%" height={48} aria-hidden />
      <Skeleton variant="rounded" height={220} aria-hidden />
      <Skeleton variant="rounded" height={120} aria-hidden />
    </Box>
  );
}

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry(): void;
  /** On a page with no other heading, the title is its h1. */
  titleIsHeading?: boolean;
}

/** A failed load: what went wrong, in the server's words when it gave some, and a way to try again. */
export function LoadError({ title, error, onRetry, titleIsHeading = false }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {titleIsHeading ? (
        <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit', display: 'inline' }}>
          {title}
        </Typography>
      ) : (
        <strong>{title}</strong>
      )}{' '}
      {apiErrorText(error, 'Please check your connection and try again.')}
    </Alert>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, children, action, icon }: EmptyStateProps) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 8,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 3.5,
        borderStyle: 'dashed',
      }}
    >
      <Box aria-hidden sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 40 } }}>
        {icon ?? <SearchOff />}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children && <Typography sx={{ color: 'text.secondary', mb: action ? 3 : 0 }}>{children}</Typography>}
      {action}
    </Box>
  );
}

/** An id that names nothing (404, or not an id at all). */
export function NotFoundState({ what, backTo, backLabel }: { what: string; backTo: string; backLabel: string }) {
  return (
    <EmptyState
      title={`${what} not found`}
      action={
        <Button component={RouterLink} to={backTo} variant="contained">
          {backLabel}
        </Button>
      }
    >
      It may have been removed, or the address is mistyped.
    </EmptyState>
  );
}
