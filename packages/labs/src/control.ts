import { LabStalledError, stallAfterMs, watchForStall, type WatchedLink } from './progress-watch.ts';

/** The guest's control port as the host sees it (protocol.ts, `controlPort`). */
export interface ControlLink {
  /** Sends text to the control port; the learner's console never sees it. */
  sendControl(text: string): void;
  /** What the control daemon answers. Returns the function that stops listening. */
  onControlOutput(listener: (text: string) => void): () => void;
}

/** The terminal's grid, as the guest's tty keeps it for `stty size` and full-screen programs. */
export interface TerminalSize {
  rows: number;
  columns: number;
}

/** One command to the control daemon. */
export type ControlCommand = { kind: 'size'; size: TerminalSize } | { kind: 'clock'; epochSeconds: number };

/** How often an unanswered command is sent again. */
const resendIntervalMs = 250;
let nextId = 1;

const whole = (n: number) => Math.max(1, Math.min(9999, Math.floor(n)));

function lineOf(id: number, command: ControlCommand): string {
  if (command.kind === 'size') return `${id} size ${whole(command.size.rows)} ${whole(command.size.columns)}\n`;
  return `${id} clock ${Math.max(0, Math.floor(command.epochSeconds))}\n`;
}

/**
 * Sends commands to the guest's control daemon and resolves once it has answered each. Unanswered commands go
 * again every 250 ms: there is no deadline. With `watch`, a guest that stays idle meanwhile for `stallAfterMs` (the
 * stall watch of progress-watch.ts) rejects it; `signal` abandons it (a newer size supersedes an older one).
 */
export function controlGuest(
  link: ControlLink & WatchedLink,
  commands: ControlCommand[],
  options: { watch?: boolean; stallAfterMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const pending = new Map(commands.map((command) => [String(nextId++), command]));
  return new Promise((resolve, reject) => {
    if (pending.size === 0) return resolve();
    let buffered = '';
    const send = () => {
      for (const [id, command] of pending) link.sendControl(lineOf(Number(id), command));
    };
    const stopAnswers = link.onControlOutput((text) => {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [id, word] = line.trim().split(/\s+/);
        if (word === 'done' && id !== undefined) pending.delete(id);
      }
      if (pending.size === 0) finish(null);
    });
    const limitMs = options.stallAfterMs ?? stallAfterMs;
    const stopWatch = options.watch
      ? watchForStall(link, () => finish(new LabStalledError(limitMs)), limitMs)
      : () => undefined;
    const timer = setInterval(send, resendIntervalMs);
    const abort = () => finish(null);
    options.signal?.addEventListener('abort', abort);
    function finish(error: Error | null) {
      clearInterval(timer);
      stopAnswers();
      stopWatch();
      options.signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    }
    if (options.signal?.aborted) return finish(null);
    send();
  });
}
