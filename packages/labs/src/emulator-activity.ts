import type { V86 } from 'v86';
import { activityClock, activityIntervalMs, stallAfterMs, type MachineActivity } from './progress-watch.ts';

/** Whether the guest's CPU is executing rather than halted (v86's flag in its WebAssembly memory, docs/labs.md). */
function isRunning(emulator: V86): boolean | undefined {
  const halted = (emulator as unknown as { v86?: { cpu?: { in_hlt?: Uint8Array } } }).v86?.cpu?.in_hlt;
  return halted ? halted[0] === 0 : undefined;
}

/**
 * What a v86 machine is doing, for the host's waits: its instruction counter (32 bits in v86, so read often
 * enough not to lose a wrap) and its reads of the root filesystem, each fetched on its first read (9p). Shared by
 * the browser's worker and Node's machine.
 */
export class EmulatorActivity {
  private inFlight = 0;
  private ended = 0;
  private reported = 0;
  private executed = 0;
  private lastCounter: number;
  private lastAt = performance.now();
  private readonly quietWaiters = new Set<() => void>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly emulator: V86,
    private readonly report: (sample: MachineActivity) => void,
  ) {
    this.lastCounter = emulator.get_instruction_counter();
    emulator.add_listener('9p-read-start', () => this.inFlight++);
    emulator.add_listener('9p-read-end', () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.ended++;
      for (const wake of this.quietWaiters) wake();
    });
    this.timer = setInterval(() => this.sample(), activityIntervalMs);
    // In Node the samples alone must not keep a process alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Reads of the root filesystem waiting for their file now. */
  get readsInFlight(): number {
    return this.inFlight;
  }

  /** After a restore the counter is the saved machine's: count on from there. */
  rebase(): void {
    this.lastCounter = this.emulator.get_instruction_counter();
    this.lastAt = performance.now();
  }

  /**
   * Runs `then` at a moment when no read is in flight, in a task of its own (a read ends inside v86's request
   * handler, before its answer reaches the guest). Rejects if reads stay in flight with none ending for the stall
   * time: a file that never arrives.
   */
  whenQuiet<T>(then: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let stall: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const arm = () => {
        clearTimeout(stall);
        stall = setTimeout(() => {
          done = true;
          this.quietWaiters.delete(onReadEnd);
          reject(new Error('A read of the lab image made no progress.'));
        }, stallAfterMs);
      };
      const attempt = () => {
        if (done || this.inFlight > 0) return;
        done = true;
        clearTimeout(stall);
        this.quietWaiters.delete(onReadEnd);
        // At once, in this task: a microtask later a request the guest made meanwhile could be waiting for its file.
        let result: T | Promise<T>;
        try {
          result = then();
        } catch (error) {
          return reject(error as Error);
        }
        Promise.resolve(result).then(resolve, reject);
      };
      const onReadEnd = () => {
        arm();
        setTimeout(attempt, 0);
      };
      if (this.inFlight === 0) return attempt();
      this.quietWaiters.add(onReadEnd);
      arm();
    });
  }

  stop(): void {
    clearInterval(this.timer);
    this.quietWaiters.clear();
  }

  private sample() {
    const counter = this.emulator.get_instruction_counter();
    const now = performance.now();
    // v86's counter is an unsigned 32-bit number: a difference modulo 2^32 survives one wrap between samples.
    const instructions = (counter - this.lastCounter) >>> 0;
    this.executed += instructions;
    const fileReads = this.ended - this.reported;
    this.reported = this.ended;
    this.report({
      elapsedMs: now - this.lastAt,
      instructions,
      executed: this.executed,
      fileReads,
      readsInFlight: this.inFlight,
      running: isRunning(this.emulator),
      takenAt: activityClock(),
    });
    this.lastCounter = counter;
    this.lastAt = now;
  }
}
