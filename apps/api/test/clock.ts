import type { Clock } from '../src/lib/clock.ts';

/** A clock tests move by hand: token expiry, link expiry, streak days. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(date: Date): void {
    this.offsetMs = date.getTime() - Date.now();
  }
}
