import { isAxiosError } from 'axios';
import { plural } from '../lib/plural.ts';

/** Seconds to wait from a throttled answer's `Retry-After` header (R11), or null without one. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isAxiosError(error) || error.response?.status !== 429) return null;
  const headers = error.response.headers as Record<string, unknown> | undefined;
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * "Try again in 45 seconds." for a throttled answer; the wait grows with wrong answers (a minute, an hour, a day),
 * so longer ones read in minutes, then hours.
 */
export function waitText(seconds: number): string {
  if (seconds >= 2 * 3600) return `Try again in ${plural(Math.ceil(seconds / 3600), 'hour')}.`;
  if (seconds >= 120) return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
  return `Try again in ${plural(seconds, 'second')}.`;
}

/** The server's reason for a throttled answer, followed by how long to wait when it said. */
export function throttledAnswerText(detail: string, error: unknown): string {
  const seconds = retryAfterSeconds(error);
  return seconds ? `${detail} ${waitText(seconds)}` : detail;
}
