// Decision 0172: with Redis unreachable, throttles fall back to a limiter per instance, never lifted.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Throttled } from './errors.ts';

/** R18 throttles: name → count per window (seconds). Overridable with RATE_LIMIT_<NAME>. */
export const DEFAULT_THROTTLES = {
  LOGIN_IP: { points: 100, durationSeconds: 15 * 60 },
  /** Wrong passwords or sign-in codes per account from one client IP: a stranger locks out only themselves. */
  LOGIN_USER: { points: 10, durationSeconds: 15 * 60 },
  /** Wrong passwords or sign-in codes per account from every IP together, against distributed guessing. */
  LOGIN_ACCOUNT: { points: 100, durationSeconds: 3600 },
  SIGNUP_IP: { points: 20, durationSeconds: 3600 },
  /** Mails to the owner of an address someone tried to sign up with, per address (the sign-up answers as usual). */
  SIGNUP_NOTICE: { points: 1, durationSeconds: 3600 },
  RESET_IP: { points: 20, durationSeconds: 3600 },
  RESET_ACCOUNT: { points: 5, durationSeconds: 3600 },
  RESEND_IP: { points: 20, durationSeconds: 3600 },
  RESEND_ACCOUNT: { points: 5, durationSeconds: 3600 },
  CONTACT_IP: { points: 5, durationSeconds: 3600 },
  CAPTCHA_IP: { points: 60, durationSeconds: 60 },
  /** Wrong answers per learner and item (a quiz, a challenge, a challenge's step): the wait grows with the tiers. */
  ANSWER: { points: 10, durationSeconds: 60 },
  ANSWER_HOUR: { points: 20, durationSeconds: 3600 },
  ANSWER_DAY: { points: 50, durationSeconds: 24 * 3600 },
  COUPON: { points: 10, durationSeconds: 600 },
  FEEDBACK_USER: { points: 1, durationSeconds: 60 },
  /** Lab start reports per learner: a lab start takes seconds, so a learner honestly sends far fewer. */
  LAB_REPORT: { points: 60, durationSeconds: 3600 },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleName = keyof typeof DEFAULT_THROTTLES;
export interface ThrottleRule {
  points: number;
  durationSeconds: number;
}

export interface Throttle {
  /**
   * Counts one hit for key and answers how many the rule still allows (0: this hit used the last one);
   * throws Throttled (429 with Retry-After) once the rule is exceeded.
   */
  hit(name: ThrottleName, key: string, detail?: string): Promise<number>;
  /** Throws Throttled if key is already over the rule, without counting a hit. */
  check(name: ThrottleName, key: string, detail?: string): Promise<void>;
  reset(name: ThrottleName, key: string): Promise<void>;
}

/**
 * With `redis`, every instance counts in it. While it cannot be reached, each instance counts on its own in
 * memory (at once, without waiting for a reconnection): a Redis outage neither fails sign-ins and answers nor
 * lifts the limits; an instance then allows at most the rule's count itself.
 */
export function createThrottle(overrides: Record<string, ThrottleRule>, redis?: Redis): Throttle {
  const limiters = new Map<ThrottleName, RateLimiterAbstract>();
  const limiter = (name: ThrottleName) => {
    let existing = limiters.get(name);
    if (!existing) {
      const rule = overrides[name] ?? DEFAULT_THROTTLES[name];
      const options = { keyPrefix: `throttle:${name}`, points: rule.points, duration: rule.durationSeconds };
      existing = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(name, existing);
    }
    return existing;
  };
  return {
    async hit(name, key, detail) {
      try {
        return (await limiter(name).consume(key)).remainingPoints;
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new Throttled(error.msBeforeNext / 1000, detail);
        throw error;
      }
    },
    async check(name, key, detail) {
      const state = await limiter(name).get(key);
      const rule = overrides[name] ?? DEFAULT_THROTTLES[name];
      if (state && state.consumedPoints >= rule.points) throw new Throttled(state.msBeforeNext / 1000, detail);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
  };
}

/** Logs once when Redis becomes unreachable and once when it is back (ioredis reconnects by itself). */
export function watchRedis(redis: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): void {
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    log.warn({ err: error }, 'Redis is unreachable: each instance counts throttles on its own until it is back');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('Redis is reachable again: throttles count across instances');
  });
}
