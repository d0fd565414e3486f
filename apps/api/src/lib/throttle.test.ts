import { describe, expect, it } from 'vitest';
import { Throttled } from './errors.ts';
import { createThrottle } from './throttle.ts';

describe('throttle', () => {
  it('allows the configured count, then throws Throttled with a Retry-After', async () => {
    const throttle = createThrottle({ LOGIN_USER: { points: 2, durationSeconds: 60 } });
    expect(await throttle.hit('LOGIN_USER', 'ada')).toBe(1);
    expect(await throttle.hit('LOGIN_USER', 'ada')).toBe(0);
    const error = await throttle.hit('LOGIN_USER', 'ada').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Throttled);
    expect((error as Throttled).statusCode).toBe(429);
    expect(Number((error as Throttled).headers['retry-after'])).toBeGreaterThan(50);
    await expect(throttle.hit('LOGIN_USER', 'grace')).resolves.toBe(1);
  });

  it('knows LOGIN_ACCOUNT, 100 per hour unless configured', async () => {
    const throttle = createThrottle({});
    expect(await throttle.hit('LOGIN_ACCOUNT', 'ada')).toBe(99);
    const configured = createThrottle({ LOGIN_ACCOUNT: { points: 3, durationSeconds: 60 } });
    expect(await configured.hit('LOGIN_ACCOUNT', 'ada')).toBe(2);
  });

  it('checks without counting and can be reset', async () => {
    const throttle = createThrottle({ LOGIN_USER: { points: 1, durationSeconds: 60 } });
    await throttle.check('LOGIN_USER', 'ada');
    await throttle.check('LOGIN_USER', 'ada');
    await throttle.hit('LOGIN_USER', 'ada');
    await expect(throttle.check('LOGIN_USER', 'ada')).rejects.toBeInstanceOf(Throttled);
    await throttle.reset('LOGIN_USER', 'ada');
    await expect(throttle.check('LOGIN_USER', 'ada')).resolves.toBeUndefined();
  });
});
