import type { V86 } from 'v86';

/** The part of v86's emulator core that schedules its next slice (not in v86's type declarations). */
interface EmulatorCore {
  yield(delayMs: number, tick: number): void;
  yield_callback(tick: number): void;
}

/**
 * How long a halted guest's emulator waits before its next slice, given the time to the guest's next timer event.
 * v86 itself runs the next slice at once when that event is under a millisecond away, so a halted guest spun
 * through the last millisecond before every timer interrupt; the lab kernel ticks 250 times a second (Debian's 686
 * kernel is built without NO_HZ), so an idle lab kept a quarter of a core busy in Node and a third in Chromium
 * (decision 0179). A halted guest now waits at least a millisecond: its timer interrupt comes a little late (the
 * guest keeps time by its TSC). A running guest (no wait) is unchanged.
 */
export function haltedWaitMs(delayMs: number): number {
  return delayMs > 0 ? Math.max(delayMs, 1) : delayMs;
}

/**
 * Makes `emulator`, once started, wait as `haltedWaitMs` says while its guest is halted, on a timer of its own
 * thread (in a browser v86 sends each wait to a second worker and back). Input (a key, a file read) still wakes the
 * guest at once: v86 then schedules a slice with no wait, which goes its own way, and the pending timer is dropped.
 */
export function sleepWhileHalted(emulator: V86): void {
  const core = (emulator as unknown as { v86?: EmulatorCore }).v86;
  if (typeof core?.yield !== 'function') throw new Error('v86 has no emulator core to schedule: was it started?');
  const scheduleSlice = core.yield.bind(core);
  let timer: ReturnType<typeof setTimeout> | undefined;
  core.yield = (delayMs, tick) => {
    clearTimeout(timer);
    if (delayMs > 0) timer = setTimeout(() => core.yield_callback(tick), haltedWaitMs(delayMs));
    else scheduleSlice(delayMs, tick);
  };
}
