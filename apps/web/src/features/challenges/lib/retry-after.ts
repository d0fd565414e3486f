import { isAxiosError } from 'axios';

/** Seconds to wait from a throttled answer's `Retry-After` header (R11), or null without one. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isAxiosError(error) || error.response?.status !== 429) return null;
  const headers = error.response.headers as Record<string, unknown> | undefined;
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
