import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, throttledAnswerText, waitText } from './answer-wait.ts';

const throttled = (retryAfter: string) =>
  new AxiosError('429', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 429,
    statusText: 'Too Many Requests',
    headers: { 'retry-after': retryAfter },
    config: { headers: new AxiosHeaders() },
    data: {},
  });

describe('answer waits', () => {
  it('reads a wait in seconds, minutes or hours', () => {
    expect(waitText(1)).toBe('Try again in 1 second.');
    expect(waitText(60)).toBe('Try again in 60 seconds.');
    expect(waitText(600)).toBe('Try again in 10 minutes.');
    expect(waitText(3600)).toBe('Try again in 60 minutes.');
    expect(waitText(86_000)).toBe('Try again in 24 hours.');
  });

  it("takes the wait from a 429's Retry-After", () => {
    expect(retryAfterSeconds(throttled('3599'))).toBe(3599);
    expect(retryAfterSeconds(throttled('soon'))).toBeNull();
    expect(retryAfterSeconds(new Error('offline'))).toBeNull();
    expect(throttledAnswerText('Too many wrong answers.', throttled('3599'))).toBe(
      'Too many wrong answers. Try again in 60 minutes.',
    );
  });
});
