import { APP_NAME } from '@bastion/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { CompletionStatus, PublicFrame } from './public-frame.tsx';

interface PublicCompletionPageProps<T> {
  query: UseQueryResult<T>;
  /** The browser tab's title once the record is loaded (the app's name is added). */
  titleOf(record: T): string;
  children(record: T): ReactNode;
}

/** A public completion page (no layout, no sign-in): loading, not found or failure, else the record. */
export function PublicCompletionPage<T>({ query, titleOf, children }: PublicCompletionPageProps<T>) {
  const title = query.data === undefined ? null : titleOf(query.data);
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${APP_NAME}`;
  }, [title]);

  return (
    <PublicFrame>
      {query.isPending ? (
        <CompletionStatus />
      ) : query.isError ? (
        <CompletionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </PublicFrame>
  );
}
