import type { Paged } from '@bastion/contract';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { DataTable, Pager, type Column } from './data-table.tsx';

interface PagedResultsProps<T> {
  query: UseQueryResult<Paged<T>>;
  /** What the rows are, e.g. "Learners": the table's caption and the words of its states. */
  caption: string;
  /** "learner" / "learners": counts the results. */
  noun: [string, string];
  empty: { title: string; text: string };
  columns: Column<T>[];
  rowKey(row: T): string;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}

/** A console list's states: loading, failed, empty, or a counted table with page links. */
export function PagedResults<T>({
  query,
  caption,
  noun,
  empty,
  columns,
  rowKey,
  page,
  pageSize,
  onPage,
}: PagedResultsProps<T>) {
  if (query.isPending) return <LoadingBlock label={`Loading ${caption.toLowerCase()}…`} />;
  if (query.isError) {
    return (
      <LoadError title={`${caption} could not be loaded.`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.results.length === 0) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  const { count, results } = query.data;
  return (
    <>
      <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }}>
        {count} {count === 1 ? noun[0] : noun[1]}
      </Typography>
      <DataTable caption={caption} columns={columns} rows={results} rowKey={rowKey} />
      <Pager count={count} pageSize={pageSize} page={page} onPage={onPage} />
    </>
  );
}
