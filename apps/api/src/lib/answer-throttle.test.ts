import { describe, expect, it } from 'vitest';
import { Throttled } from './errors.ts';
import { clearAnswers, countAnswer } from './answer-throttle.ts';
import { createThrottle, type ThrottleRule } from './throttle.ts';

const DETAIL = 'Too many wrong answers.';

/** How many answers `budgets` allow before the first 429, and that 429's wait in seconds. */
async function answersUntilRefused(overrides: Record<string, ThrottleRule>, budgets = [{ key: 'ada:quiz' }]) {
  const throttle = createThrottle(overrides);
  for (let n = 0; n < 200; n += 1) {
    const refused = await countAnswer(throttle, budgets, DETAIL).catch((error: unknown) => error);
    if (refused instanceof Throttled) return { allowed: n, wait: Number(refused.headers['retry-after']) };
  }
  throw new Error('never refused');
}

describe('answer throttle', () => {
  it('waits a minute after 10 wrong answers', async () => {
    const { allowed, wait } = await answersUntilRefused({});
    expect(allowed).toBe(10);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('waits up to an hour after 20 in the hour, then up to a day after 50 in the day', async () => {
    const hour = await answersUntilRefused({ ANSWER: { points: 1000, durationSeconds: 60 } });
    expect(hour.allowed).toBe(20);
    expect(hour.wait).toBeGreaterThan(3500);
    expect(hour.wait).toBeLessThanOrEqual(3600);

    const day = await answersUntilRefused({
      ANSWER: { points: 1000, durationSeconds: 60 },
      ANSWER_HOUR: { points: 1000, durationSeconds: 3600 },
    });
    expect(day.allowed).toBe(50);
    expect(day.wait).toBeGreaterThan(86_000);
  });

  it('gives the longest wait of every budget spent, and counts no refused attempt', async () => {
    const throttle = createThrottle({ ANSWER_HOUR: { points: 3, durationSeconds: 3600 } });
    const budgets = [{ key: 'challenge', tiers: ['ANSWER'] as const }, { key: 'step' }];
    for (let n = 0; n < 3; n += 1) await countAnswer(throttle, budgets, DETAIL);
    const refused = (await countAnswer(throttle, budgets, DETAIL).catch((error: unknown) => error)) as Throttled;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // The refused attempt did not count: the challenge's minute budget had 3 of 10 used, this hit is the 4th.
    expect(await throttle.hit('ANSWER', 'challenge')).toBe(6);
  });

  it('lets a right answer clear every budget', async () => {
    const throttle = createThrottle({ ANSWER: { points: 2, durationSeconds: 60 } });
    const budgets = [{ key: 'ada:quiz' }];
    await countAnswer(throttle, budgets, DETAIL);
    await countAnswer(throttle, budgets, DETAIL);
    await expect(countAnswer(throttle, budgets, DETAIL)).rejects.toBeInstanceOf(Throttled);
    await clearAnswers(throttle, budgets);
    await expect(countAnswer(throttle, budgets, DETAIL)).resolves.toBeUndefined();
  });
});
