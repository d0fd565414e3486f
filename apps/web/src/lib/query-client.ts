import { DATA_LOADING } from '@bastion/contract';
import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';

/** A 4xx answer will not change on retry (bad input, refused, not found, throttled): only failures without one are retried. */
export function isClientError(error: unknown): boolean {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** R9: the delay doubles from 1 s up to 30 s. `attempt` is 0 for the first retry. */
export function retryDelay(attempt: number): number {
  return Math.min(DATA_LOADING.retryBaseDelayMs * 2 ** attempt, DATA_LOADING.retryMaxDelayMs);
}

function retryUpTo(times: number) {
  return (failureCount: number, error: unknown) => !isClientError(error) && failureCount < times;
}

/**
 * R9 defaults, in one place: fresh for 5 min, kept 30 min, queries retried `queryRetries` times and
 * mutations once (never after a 4xx), no refetch on focus or reconnect. A query that needs otherwise
 * (the navbar data refetches on focus) says so itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_LOADING.staleTimeMs,
        gcTime: DATA_LOADING.gcTimeMs,
        retry: retryUpTo(DATA_LOADING.queryRetries),
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: {
        retry: retryUpTo(DATA_LOADING.mutationRetries),
        retryDelay,
      },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();
