import { SESSION } from '@bastion/contract';
import { isExpired, secondsRemaining } from './jwt.ts';
import { RefreshError } from './refresh.ts';
import type { Tokens } from './token-store.ts';

/** Why the scheduler ended a session (R4). */
export type SessionEndReason = 'refresh-rejected' | 'refresh-expired' | 'refresh-failures';

/** User events that restart the inactivity timer. */
export const ACTIVITY_EVENTS = ['pointerdown', 'mousemove', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

export interface RefreshSchedulerOptions {
  getTokens(): Tokens | null;
  /** Refreshes and stores the tokens; rejects with a `RefreshError`. */
  refresh(): Promise<unknown>;
  endSession(reason: SessionEndReason): void;
  now?: () => number;
  /** Where user events are listened to; `window` in the app. */
  activityTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export interface RefreshScheduler {
  start(): void;
  stop(): void;
  /** One check; `force` refreshes whatever time remains and ignores the minimum gap. */
  check(options?: { force?: boolean }): Promise<void>;
}

/**
 * R9 session constants, one timer each:
 * - the access token is refreshed when less than 120 s remain;
 * - a periodic check runs every 300 s;
 * - two refresh attempts are at least 30 s apart unless forced;
 * - an inactivity timer of 120 s, restarted by every user event, checks again when it runs out;
 * - 5 consecutive failed refreshes, a refresh the server rejects (401) or an expired refresh token end the session.
 */
export function createRefreshScheduler(options: RefreshSchedulerOptions): RefreshScheduler {
  const now = options.now ?? Date.now;
  const target = options.activityTarget ?? (typeof window === 'undefined' ? undefined : window);
  let running = false;
  let failures = 0;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let periodicTimer: ReturnType<typeof setInterval> | undefined;
  let inactivityTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> | null = null;

  function end(reason: SessionEndReason): void {
    stop();
    options.endSession(reason);
  }

  async function attempt(force: boolean): Promise<void> {
    const tokens = options.getTokens();
    if (!tokens) return;
    if (isExpired(tokens.refresh, now())) return end('refresh-expired');
    const remaining = secondsRemaining(tokens.access, now());
    const due = force || (remaining !== null && remaining < SESSION.refreshWhenRemainingSeconds);
    if (!due) return;
    if (!force && now() - lastAttemptAt < SESSION.minRefreshGapSeconds * 1000) return;
    lastAttemptAt = now();
    try {
      await options.refresh();
      failures = 0;
    } catch (error) {
      const kind = error instanceof RefreshError ? error.kind : 'unavailable';
      if (kind === 'no-session') return;
      if (kind === 'rejected') return end('refresh-rejected');
      if (kind === 'expired') return end('refresh-expired');
      failures += 1;
      if (failures >= SESSION.maxConsecutiveRefreshFailures) end('refresh-failures');
    }
  }

  function check({ force = false }: { force?: boolean } = {}): Promise<void> {
    pending ??= attempt(force).finally(() => {
      pending = null;
    });
    return pending;
  }

  function armInactivityTimer(): void {
    clearTimeout(inactivityTimer);
    inactivityTimer = setTimeout(() => void check(), SESSION.inactivityRecheckSeconds * 1000);
  }

  function onActivity(): void {
    if (running) armInactivityTimer();
  }

  function start(): void {
    if (running) return;
    running = true;
    periodicTimer = setInterval(() => void check(), SESSION.periodicCheckSeconds * 1000);
    for (const type of ACTIVITY_EVENTS) target?.addEventListener(type, onActivity, { passive: true });
    armInactivityTimer();
    void check();
  }

  function stop(): void {
    running = false;
    clearInterval(periodicTimer);
    clearTimeout(inactivityTimer);
    for (const type of ACTIVITY_EVENTS) target?.removeEventListener(type, onActivity);
  }

  return { start, stop, check };
}
