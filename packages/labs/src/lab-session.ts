import { toBase64, wrapLines } from './base64.ts';
import type { LabSpec } from './lab-spec.ts';
import { labMarkers, setupLineLength } from './protocol.ts';
import { buildSetupScript } from './setup-script.ts';

/** The guest's serial console as the host sees it: text in, text out. */
export interface SerialLink {
  send(text: string): void;
  /** Returns a function that stops listening. */
  onOutput(listener: (text: string) => void): () => void;
}

export class LabSetupError extends Error {}

/** How often the host asks a waiting guest to answer: input sent right after a state restore can be lost. */
const pingIntervalMs = 250;
/** How often an empty line follows a sent setup until the guest has it all (lines can wait for the next one). */
const nudgeIntervalMs = 40;

/**
 * Turns a guest that waits at its ready point (a fresh boot or a restored state) into the lab `spec` describes.
 * Resolves with what the guest printed after the start marker: the beginning of the learner's shell session,
 * which belongs in the terminal. Everything before it is protocol.
 */
export function provisionLab(link: SerialLink, spec: LabSpec, options: { timeoutMs?: number } = {}): Promise<string> {
  const payload = wrapLines(toBase64(new TextEncoder().encode(buildSetupScript(spec))), setupLineLength);
  return new Promise((resolve, reject) => {
    let seen = '';
    let phase: 'waiting' | 'sent' | 'received' = 'waiting';
    const ping = () => link.send(phase === 'waiting' ? `${labMarkers.ping}\n` : '\n');
    let pinger = setInterval(ping, pingIntervalMs);
    const timer = setTimeout(
      () => finish(new LabSetupError(`The lab did not start within ${options.timeoutMs ?? 30_000} ms.`)),
      options.timeoutMs ?? 30_000,
    );
    const stop = link.onOutput((text) => {
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
      if (phase === 'sent' && seen.includes(labMarkers.received)) {
        phase = 'received';
        clearInterval(pinger);
      }
      const started = seen.indexOf(labMarkers.started);
      if (started !== -1) {
        const after = seen.slice(started + labMarkers.started.length).replace(/^\r?\n/, '');
        finish(null, after);
      } else if (seen.includes(labMarkers.failed)) {
        finish(
          new LabSetupError(
            `The lab's setup failed in the guest:\n${seen.slice(0, seen.indexOf(labMarkers.failed)).trim()}`,
          ),
        );
      }
    });
    function finish(error: Error | null, after = '') {
      clearInterval(pinger);
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve(after);
    }
    ping();
  });
}
