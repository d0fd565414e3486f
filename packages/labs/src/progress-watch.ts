import type { SerialLink } from './serial-link.ts';

/**
 * What the guest did since the previous sample, as the machine reports it about twice a second while it runs.
 * An idle guest (every process waiting) runs about a million instructions a second for its timers; one at work
 * runs tens to hundreds of millions, fewer on a slow or busy host but still far more than idle.
 */
export interface MachineActivity {
  /** Milliseconds since the previous sample, by the host's clock. */
  elapsedMs: number;
  /** Instructions the guest ran meanwhile. */
  instructions: number;
  /** Instructions since the emulator started (for the progress of a cold boot). */
  executed: number;
  /** Reads of the root filesystem that ended meanwhile, and reads still waiting for their file to arrive. */
  fileReads: number;
  readsInFlight: number;
  /**
   * Whether the guest's CPU was running (not halted) when the sample was taken. An idle guest is halted between
   * its timer ticks; a working guest on a starved host may run fewer instructions than an idle one, but is not.
   */
  running?: boolean;
  /** When the sample was taken, by `activityClock`. */
  takenAt: number;
}

/**
 * The time a sample is taken at, in milliseconds since the epoch: the same clock in the page and in its worker, so
 * a wait in the page can tell the samples taken before it began (`performance.now()` alone counts from each one's
 * own start).
 */
export const activityClock = (): number => performance.timeOrigin + performance.now();

/** A machine that reports its activity. */
export interface ActivitySource {
  onActivity(listener: (sample: MachineActivity) => void): () => void;
}

/** Instructions a millisecond below which a sample counts as idle: about four times an idle guest's rate. */
export const idleInstructionsPerMs = 4_000;

/**
 * How long a guest may stay idle, printing nothing and reading no file, while the host waits for it, before the
 * host calls it stuck. It is not a deadline on the wait: a guest that works, however slowly, never reaches it.
 */
export const stallAfterMs = 30_000;

/**
 * The same for a guest just restored from a lab's saved state, asked for the terminal's size and the time: a healthy
 * one answers within a fraction of a second of running, so one that idles this long with the question pending never
 * will, and the lab is set up again sooner.
 */
export const restoredStallAfterMs = 5_000;

export class LabStalledError extends Error {
  constructor(idleMs = stallAfterMs) {
    super(`The lab machine did nothing for ${idleMs / 1000} s while it was expected to answer.`);
    this.name = 'LabStalledError';
  }
}

/** How often a running machine reports its activity (emulator-activity.ts). */
export const activityIntervalMs = 500;

/**
 * The most one sample adds to the idle time: two sampling intervals. A sample that comes later means the host ran
 * neither the sampler nor the guest meanwhile (a starved or paused worker), which is no sign of a stuck guest.
 */
export const longestIdleSampleMs = 2 * activityIntervalMs;

/**
 * Adds up the idle time in a row; any sign of work (output, file reads, instructions) starts it again. A sample taken
 * before the watch began says nothing of the wait: a page whose thread was held up receives the samples its worker
 * took meanwhile all at once, after it has asked the guest something, and a guest idle before the question was
 * idle for want of one (a restored lab was called stuck that way, and set up again, on a busy machine).
 */
export class StallWatch {
  private idleMs = 0;
  private readonly since = activityClock();

  constructor(private readonly limitMs = stallAfterMs) {}

  /** The guest printed something. */
  output(): void {
    this.idleMs = 0;
  }

  /** Returns whether the guest is stuck now. */
  sample(activity: MachineActivity): boolean {
    if (activity.takenAt < this.since) return false;
    this.idleMs = guestWorked(activity) ? 0 : this.idleMs + Math.min(activity.elapsedMs, longestIdleSampleMs);
    return this.idleMs >= this.limitMs;
  }
}

/** Whether a sample shows the guest at work: running, reading files, or above an idle guest's instruction rate. */
export function guestWorked(activity: MachineActivity): boolean {
  return (
    activity.running === true ||
    activity.fileReads > 0 ||
    activity.readsInFlight > 0 ||
    activity.instructions >= idleInstructionsPerMs * activity.elapsedMs
  );
}

/** What a wait on the guest watches: its console, its control port and its activity, when it has them. */
export type WatchedLink = SerialLink & Partial<ActivitySource> & { onControlOutput?: SerialLink['onOutput'] };

/**
 * Calls `onStall` once the guest behind `link` has been idle for `limitMs` in a row. A link that reports no
 * activity is never called stuck. Returns the function that stops watching.
 */
export function watchForStall(link: WatchedLink, onStall: () => void, limitMs = stallAfterMs): () => void {
  if (!link.onActivity) return () => undefined;
  const watch = new StallWatch(limitMs);
  const stops = [
    link.onOutput(() => watch.output()),
    link.onControlOutput?.(() => watch.output()) ?? (() => undefined),
    link.onActivity((sample) => {
      if (watch.sample(sample)) {
        stop();
        onStall();
      }
    }),
  ];
  const stop = () => stops.forEach((s) => s());
  return stop;
}

/**
 * Resolves once `marker` appears in what the guest prints from now on; rejects with LabStalledError if the guest
 * stops doing anything first. There is no deadline: a slow machine reaches the marker late, not never.
 */
export function waitForMarker(link: WatchedLink, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const stopWatch = watchForStall(link, () => {
      stop();
      reject(new LabStalledError());
    });
    const stopOutput = link.onOutput((text) => {
      seen = (seen + text).slice(-(marker.length + text.length));
      if (seen.includes(marker)) {
        stop();
        resolve();
      }
    });
    function stop() {
      stopWatch();
      stopOutput();
    }
  });
}
