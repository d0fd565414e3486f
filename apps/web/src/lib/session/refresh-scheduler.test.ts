import { SESSION } from '@bastion/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '@test/tokens.ts';
import { createRefreshScheduler, type RefreshScheduler } from './refresh-scheduler.ts';
import { RefreshError } from './refresh.ts';
import type { Tokens } from './token-store.ts';

const WEEK = 7 * 24 * 3600;
let tokens: Tokens | null;
let target: EventTarget;
let refresh: ReturnType<typeof vi.fn<() => Promise<unknown>>>;
let endSession: ReturnType<typeof vi.fn<(reason: string) => void>>;
let scheduler: RefreshScheduler;

function pair(accessExpiresIn: number, refreshExpiresIn = WEEK): Tokens {
  return {
    access: makeToken({ expiresIn: accessExpiresIn }),
    refresh: makeToken({ expiresIn: refreshExpiresIn, typ: 'refresh' }),
  };
}

/** A refresh that succeeds: the new access token lives an hour. */
const succeed = () => {
  tokens = pair(3600);
  return Promise.resolve(tokens);
};
const failUnavailable = () => Promise.reject(new RefreshError('unavailable'));

function startWith(initial: Tokens | null) {
  tokens = initial;
  scheduler = createRefreshScheduler({ getTokens: () => tokens, refresh, endSession, activityTarget: target });
  scheduler.start();
}

/** Advances fake time (timers and Date) and lets the awaited refreshes settle. */
async function advance(seconds: number) {
  await vi.advanceTimersByTimeAsync(seconds * 1000);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  target = new EventTarget();
  refresh = vi.fn(succeed);
  endSession = vi.fn<(reason: string) => void>();
});

afterEach(() => {
  scheduler?.stop();
  vi.useRealTimers();
});

describe('refresh scheduler (R9 session constants)', () => {
  it('uses the contract constants', () => {
    expect(SESSION).toEqual({
      refreshWhenRemainingSeconds: 120,
      periodicCheckSeconds: 300,
      minRefreshGapSeconds: 30,
      inactivityRecheckSeconds: 120,
      maxConsecutiveRefreshFailures: 5,
    });
  });

  it('refreshes at start when less than 120 s remain on the access token', async () => {
    startWith(pair(119));
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh while 120 s or more remain', async () => {
    startWith(pair(121));
    await advance(0);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('checks every 300 s', async () => {
    // 400 s left: not due at start, nor at the 120 s inactivity check (280 s left); due at the 300 s check (100 s left).
    startWith(pair(400));
    await advance(299);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The new token lives an hour: the following periodic checks leave it alone until it is due again.
    await advance(300 * 11);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(300);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps refresh attempts at least 30 s apart unless forced', async () => {
    refresh.mockImplementation(failUnavailable);
    startWith(pair(60));
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);

    await advance(29);
    await scheduler.check();
    expect(refresh).toHaveBeenCalledTimes(1);

    await scheduler.check({ force: true });
    expect(refresh).toHaveBeenCalledTimes(2);

    await advance(29);
    await scheduler.check();
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(1);
    await scheduler.check();
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('a forced check refreshes even when plenty of time remains', async () => {
    startWith(pair(3000));
    await advance(0);
    expect(refresh).not.toHaveBeenCalled();
    await scheduler.check({ force: true });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('re-checks after 120 s without user events, the timer restarting at every event', async () => {
    // 200 s left: due once fewer than 120 s remain (after 80 s), found by the inactivity check.
    startWith(pair(200));
    await advance(100);
    target.dispatchEvent(new Event('keydown'));
    await advance(119);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('without user events the inactivity check comes 120 s after start', async () => {
    startWith(pair(200));
    await advance(119);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('ends the session after 5 consecutive failed refreshes', async () => {
    refresh.mockImplementation(failUnavailable);
    startWith(pair(60));
    await advance(0);
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      await advance(30);
      await scheduler.check();
    }
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(endSession).not.toHaveBeenCalled();
    await advance(30);
    await scheduler.check();
    expect(refresh).toHaveBeenCalledTimes(5);
    expect(endSession).toHaveBeenCalledWith('refresh-failures');
  });

  it('a successful refresh resets the failure count', async () => {
    refresh.mockImplementation(failUnavailable);
    startWith(pair(60));
    await advance(0);
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      await advance(30);
      await scheduler.check();
    }
    refresh.mockImplementationOnce(succeed);
    await scheduler.check({ force: true });
    tokens = pair(60);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await advance(30);
      await scheduler.check();
    }
    expect(endSession).not.toHaveBeenCalled();
    await advance(30);
    await scheduler.check();
    expect(endSession).toHaveBeenCalledWith('refresh-failures');
  });

  it('ends the session at once when the server refuses the refresh (401)', async () => {
    refresh.mockRejectedValue(new RefreshError('rejected'));
    startWith(pair(60));
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(endSession).toHaveBeenCalledWith('refresh-rejected');
  });

  it('ends the session when the refresh token has expired, without calling the server', async () => {
    startWith(pair(60, -1));
    await advance(0);
    expect(refresh).not.toHaveBeenCalled();
    expect(endSession).toHaveBeenCalledWith('refresh-expired');
  });

  it('notices the refresh token expiring later at a periodic check', async () => {
    startWith(pair(3600, 250));
    await advance(0);
    expect(endSession).not.toHaveBeenCalled();
    await advance(300);
    expect(endSession).toHaveBeenCalledWith('refresh-expired');
  });

  it('stops its timers and listeners once the session has ended', async () => {
    refresh.mockRejectedValue(new RefreshError('rejected'));
    startWith(pair(60));
    await advance(0);
    target.dispatchEvent(new Event('keydown'));
    await advance(3600);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('does nothing without tokens', async () => {
    startWith(null);
    await advance(600);
    expect(refresh).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });

  it('stop() cancels every timer', async () => {
    startWith(pair(400));
    scheduler.stop();
    target.dispatchEvent(new Event('keydown'));
    await advance(3600);
    expect(refresh).not.toHaveBeenCalled();
  });
});
