import { controlGuest, type LabMachine, type TerminalSize } from '@bastion/labs';

/** How long the pane's size must hold before the guest is told: a full-screen toggle resizes it several times. */
const resizeSettleMs = 120;
/**
 * How long a guest may idle without answering a new size before the learner's input goes on without it: a learner
 * who is root may have stopped the control daemon. A guest applying the size is busy, however loaded its host.
 */
const resizeIdleMs = 2_000;

const sameSize = (a: TerminalSize | null, b: TerminalSize | null) =>
  a !== null && b !== null && a.rows === b.rows && a.columns === b.columns;

/**
 * The learner's keystrokes on their way to the guest, held back while anything holds them (the lab's state being
 * saved at its first prompt, a new terminal size on its way), and sent, in order, once nothing does.
 */
export class HeldInput {
  private readonly holds = new Set<symbol>();
  private held: string[] = [];

  constructor(private readonly deliver: (text: string) => void) {}

  send(text: string): void {
    if (this.holds.size > 0) this.held.push(text);
    else this.deliver(text);
  }

  /** Holds the input back until the function it returns is called (or `clear` lets the lab go). */
  hold(): () => void {
    const token = Symbol('hold');
    this.holds.add(token);
    return () => {
      if (!this.holds.delete(token) || this.holds.size > 0) return;
      for (const text of this.held.splice(0)) this.deliver(text);
    };
  }

  /** The lab is let go: every hold ends, and what they held goes nowhere. */
  clear(): void {
    this.holds.clear();
    this.held = [];
  }
}

/**
 * The terminal's size as the guest's tty has it. A new grid is told over the control port once the pane has settled;
 * from the change on, the learner's input waits until the guest has it, so the next command runs at it.
 */
export class GuestSize {
  private wanted: TerminalSize | null = null;
  private told: TerminalSize | null = null;
  private telling: AbortController | null = null;
  private settling: ReturnType<typeof setTimeout> | undefined;
  private settlingHold: (() => void) | null = null;

  constructor(
    private readonly input: HeldInput,
    private readonly machine: () => LabMachine | null,
  ) {}

  /** The guest has `size`: it was set up or restored at it. */
  has(size: TerminalSize): void {
    this.told = size;
  }

  /** The pane's grid changed; with a lab running (`running`), the guest follows once the pane has settled. */
  change(size: TerminalSize, running: boolean): void {
    this.wanted = size;
    if (!running) return;
    this.settlingHold ??= this.input.hold();
    clearTimeout(this.settling);
    this.settling = setTimeout(() => this.tell(), resizeSettleMs);
  }

  /** Tells the guest the latest grid, if it lacks it (the pane changed while the lab started). */
  tell(): void {
    const release = this.settlingHold ?? (() => undefined);
    this.settlingHold = null;
    const machine = this.machine();
    const size = this.wanted;
    if (!machine || !size || sameSize(size, this.told)) return release();
    const held = this.input.hold();
    release();
    this.telling?.abort();
    const telling = new AbortController();
    this.telling = telling;
    this.told = size;
    // A lab whose control daemon is gone (a learner who is root may kill it) keeps running: once its guest idles
    // unanswered, the size is no longer sent, and the learner's input goes on.
    void controlGuest(machine, [{ kind: 'size', size }], {
      signal: telling.signal,
      watch: true,
      stallAfterMs: resizeIdleMs,
    })
      .catch(() => undefined)
      .finally(held);
  }

  /** The lab is let go: nothing more is told to it. */
  stop(): void {
    this.settlingHold = null;
    clearTimeout(this.settling);
    this.telling?.abort();
    this.telling = null;
  }
}
