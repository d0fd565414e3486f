import { toBase64, wrapLines } from './base64.ts';
import type { LabSpec } from './lab-spec.ts';
import { LabStalledError, StallWatch, watchForStall, type WatchedLink } from './progress-watch.ts';
import { labMarkers, setupLineLength } from './protocol.ts';
import { deliverSetup, type FileDrop } from './setup-drop.ts';
import { setupProgressOf, stageWords, type SetupProgress } from './setup-stages.ts';

export class LabSetupError extends Error {}

/** How often the host asks a waiting guest to answer: input sent right after a state restore can be lost. */
const pingIntervalMs = 250;
/** How often an empty line follows a sent setup until the guest has it all (lines can wait for the next one). */
const nudgeIntervalMs = 40;
/**
 * How long the host waits for the first prompt before it hands over whatever the shell printed: a link that reports
 * its activity hands it over once the guest has idled this long (a shell with a prompt the host does not know waits
 * for input), one that does not after a fixed time.
 */
const promptIdleMs = 1_000;
const promptWaitMs = 10_000;

/** Terminal control sequences bash's readline writes around a command line (bracketed paste on and off). */
// eslint-disable-next-line no-control-regex
export const terminalControlSequences = /\x1b\[[0-9;?]*[A-Za-z]/g;
/** The shell's prompt at the end of what it printed: `user@host:dir$ ` or root's `# `. */
export const endsWithPrompt = (text: string): boolean => /[$#] $/.test(text.replace(terminalControlSequences, ''));

export interface ProvisionOptions {
  /**
   * A deadline, for callers that want one (a test harness). Without it the host waits as long as the guest works:
   * a link that reports its activity (a LabMachine) fails only once its guest stays idle for the stall time of
   * progress-watch.ts, with LabStalledError.
   */
  timeoutMs?: number;
  promptWaitMs?: number;
  /** The host's time, for a lab without a clock of its own (see SetupScriptOptions). */
  now?: Date;
  /** Each stage of the setup as the guest starts it (setup-stages.ts). */
  onStage?(progress: SetupProgress): void;
}

/**
 * Turns a guest that waits at its ready point (a fresh boot or a restored state) into the lab `spec` describes.
 * Resolves with what the guest printed after the start marker, up to the shell's first prompt: the beginning of
 * the learner's session, which belongs in the terminal. Everything before it is protocol.
 */
export async function provisionLab(
  link: WatchedLink & Partial<FileDrop>,
  spec: LabSpec,
  options: ProvisionOptions = {},
): Promise<string> {
  const delivery = await deliverSetup(link, spec, options.now ? { now: options.now } : {});
  try {
    return await runSetup(link, spec, delivery.script, options);
  } finally {
    delivery.cleanUp();
  }
}

function runSetup(link: WatchedLink, spec: LabSpec, script: string, options: ProvisionOptions): Promise<string> {
  const payload = wrapLines(toBase64(new TextEncoder().encode(script)), setupLineLength);
  const { timeoutMs } = options;
  return new Promise((resolve, reject) => {
    let seen = '';
    /** How much of `seen` was read for stages: whole lines only. */
    let scanned = 0;
    let session = '';
    let phase: 'waiting' | 'sent' | 'received' | 'started' = 'waiting';
    const ping = () => link.send(phase === 'waiting' ? `${labMarkers.ping}\n` : '\n');
    let pinger = setInterval(ping, pingIntervalMs);
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => finish(new LabSetupError(`The lab did not start within ${timeoutMs} ms.`)), timeoutMs);
    // Once the shell has started, the wait for its prompt ends (without failing) when the guest waits for input.
    const stopWatch = watchForStall(link, () => {
      if (phase !== 'started') finish(new LabStalledError());
    });
    const promptWatch = new StallWatch(promptIdleMs);
    const stopPromptWatch =
      link.onActivity?.((sample) => {
        if (phase === 'started' && promptWatch.sample(sample)) finish(null);
      }) ?? (() => undefined);
    let promptTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = link.onOutput((text) => {
      if (phase === 'started') {
        promptWatch.output();
        session += text;
        if (endsWithPrompt(session)) finish(null);
        return;
      }
      seen += text;
      if (phase === 'waiting' && seen.includes(labMarkers.ready)) {
        phase = 'sent';
        seen = '';
        // Not from inside the output callback: an emulator may be in the middle of the guest's serial write.
        setTimeout(() => link.send(`${labMarkers.setup}\n${payload.join('\n')}\n${labMarkers.end}\n`), 0);
        clearInterval(pinger);
        pinger = setInterval(ping, nudgeIntervalMs);
        return;
      }
      if (phase === 'waiting') return;
      const lineEnd = seen.lastIndexOf('\n') + 1;
      if (options.onStage && lineEnd > scanned) {
        for (const word of stageWords(seen.slice(scanned, lineEnd))) {
          const progress = setupProgressOf(spec, word);
          if (progress) options.onStage(progress);
        }
      }
      scanned = Math.max(scanned, lineEnd);
      if (phase === 'sent' && seen.includes(labMarkers.received)) {
        phase = 'received';
        clearInterval(pinger);
      }
      const started = seen.indexOf(labMarkers.started);
      if (started !== -1) {
        phase = 'started';
        clearTimeout(timer);
        session = seen.slice(started + labMarkers.started.length).replace(/^\r?\n/, '');
        clearInterval(pinger);
        if (endsWithPrompt(session)) return finish(null);
        // A shell that prints no prompt the host knows is still the learner's: it gets what it printed.
        if (!link.onActivity) promptTimer = setTimeout(() => finish(null), options.promptWaitMs ?? promptWaitMs);
      } else if (seen.includes(labMarkers.failed)) {
        finish(
          new LabSetupError(
            `The lab's setup failed in the guest:\n${seen.slice(0, seen.indexOf(labMarkers.failed)).trim()}`,
          ),
        );
      }
    });
    function finish(error: Error | null) {
      clearInterval(pinger);
      clearTimeout(timer);
      clearTimeout(promptTimer);
      stopWatch();
      stopPromptWatch();
      stop();
      if (error) reject(error);
      else resolve(session);
    }
    ping();
  });
}
