import { QueryObserver } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, isClientError, retryDelay } from './query-client.ts';

function httpError(status: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: {},
  });
}

describe('query client defaults (R9)', () => {
  const client = createQueryClient();
  const queries = client.getDefaultOptions().queries!;
  const mutations = client.getDefaultOptions().mutations!;

  it('keeps data fresh 5 min and retains it 30 min, without refetch on focus or reconnect', () => {
    expect(queries.staleTime).toBe(5 * 60_000);
    expect(queries.gcTime).toBe(30 * 60_000);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.refetchOnReconnect).toBe(false);
  });

  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(queries.retryDelay).toBe(retryDelay);
    expect(mutations.retryDelay).toBe(retryDelay);
  });

  it('never retries a 4xx', () => {
    expect(isClientError(httpError(404))).toBe(true);
    expect(isClientError(httpError(500))).toBe(false);
    expect(isClientError(new Error('network'))).toBe(false);
  });
});

describe('query client behaviour (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function runQuery(error: unknown) {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(error));
    const observer = new QueryObserver(client, { queryKey: ['q'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    unsubscribe();
    client.clear();
    return queryFn.mock.calls.length;
  }

  it('retries a failed query twice (1 s then 2 s later)', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(httpError(503)));
    const observer = new QueryObserver(client, { queryKey: ['timed'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    unsubscribe();
    client.clear();
  });

  it('does not retry a query answered with a 4xx', async () => {
    expect(await runQuery(httpError(403))).toBe(1);
  });

  it('retries a mutation once, and never after a 4xx', async () => {
    const client = createQueryClient();
    const failing = vi.fn(() => Promise.reject(httpError(502)));
    const done = client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(done).resolves.toBe('failed');
    expect(failing).toHaveBeenCalledTimes(2);

    const refused = vi.fn(() => Promise.reject(httpError(400)));
    const second = client
      .getMutationCache()
      .build(client, { mutationFn: refused })
      .execute(undefined)
      .catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(second).resolves.toBe('failed');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
