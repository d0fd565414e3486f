import { PAGING, type Paged } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/query-states.tsx';
import { apiErrorStatus } from '@/lib/api-client.ts';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

/** A few placeholder rows, announced once as "Loading …". */
export function SectionLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} aria-hidden />
      ))}
    </Box>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
    </Paper>
  );
}

/** Pages of a list: as many as the response's `count` fills at the default page size (R9). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGING.defaultPageSize));
}

interface PagedViewProps<T> {
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPageChange(page: number): void;
  /** "points history": names the loading, failure and page-navigation texts. */
  what: string;
  empty: ReactNode;
  children(items: T[]): ReactNode;
}

/** A paged list's states: loading, failure (with a retry), past the end, empty, then the items and a pager. */
export function PagedView<T>({ query, page, onPageChange, what, empty, children }: PagedViewProps<T>) {
  if (query.isPending) return <SectionLoading label={`Loading ${what}…`} />;
  if (query.isError) {
    if (page > 1 && apiErrorStatus(query.error) === 404) {
      return (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => onPageChange(1)}>
              First page
            </Button>
          }
        >
          This page is past the end of the list.
        </Alert>
      );
    }
    return <LoadError title={`Could not load ${what}.`} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { count, results } = query.data;
  if (results.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  const pages = pageCount(count);
  return (
    <Box aria-busy={query.isPlaceholderData}>
      {children(results)}
      {pages > 1 && (
        <Pagination
          aria-label={`Pages of ${what}`}
          page={Math.min(page, pages)}
          count={pages}
          size="small"
          siblingCount={0}
          onChange={(_event, next) => onPageChange(next)}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page' ? `${selected ? 'Page' : 'Go to page'} ${item}` : `Go to ${type} page`
          }
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Box>
  );
}
