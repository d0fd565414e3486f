/** The one source of "now", replaceable in tests (streaks, token expiry, throttles). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
