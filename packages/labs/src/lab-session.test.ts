import { describe, expect, it } from 'vitest';
import { outputNudge, provisionLab, type SerialLink } from './lab-session.ts';
import { labMarkers } from './protocol.ts';

const SPEC = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const PROMPT = '\x1b[?2004hstudent@lab:~$ ';

/**
 * A guest on the serial line: answers the handshake, then starts the learner's shell. `heldPrompt` plays the
 * guest whose serial driver holds the shell's first prompt until some byte arrives from the host.
 */
function guest({ heldPrompt, prompt = PROMPT }: { heldPrompt: boolean; prompt?: string }) {
  const listeners = new Set<(text: string) => void>();
  const afterStart: string[] = [];
  let state: 'waiting' | 'setup' | 'shell' = 'waiting';
  let held = '';
  const print = (text: string) => setTimeout(() => listeners.forEach((listener) => listener(text)), 0);
  const link: SerialLink = {
    send(text) {
      if (state === 'shell') {
        afterStart.push(text);
        if (held) print(held);
        held = '';
        return;
      }
      for (const line of text.split('\n')) {
        if (state === 'waiting' && line === labMarkers.ping) print(`${labMarkers.ready}\r\n`);
        else if (state === 'waiting' && line === labMarkers.setup) state = 'setup';
        else if (state === 'setup' && line === labMarkers.end) {
          state = 'shell';
          if (heldPrompt) {
            held = prompt;
            print(`${labMarkers.received}\r\n${labMarkers.started}\r\n`);
          } else print(`${labMarkers.received}\r\n${labMarkers.started}\r\n${prompt}`);
        }
      }
    },
    onOutput(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { link, afterStart };
}

describe('provisionLab', () => {
  it('resolves with the shell session up to its first prompt, sending nothing more once the prompt is there', async () => {
    const { link, afterStart } = guest({ heldPrompt: false });
    await expect(provisionLab(link, SPEC)).resolves.toBe(PROMPT);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(afterStart).toEqual([]);
  });

  it('draws a held prompt out with XON, which no program reads, and stops once it is there', async () => {
    const { link, afterStart } = guest({ heldPrompt: true });
    await expect(provisionLab(link, SPEC)).resolves.toBe(PROMPT);
    const sent = afterStart.length;
    expect(sent).toBeGreaterThan(0);
    expect(new Set(afterStart)).toEqual(new Set([outputNudge]));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(afterStart).toHaveLength(sent);
  });

  it('hands over what a shell without a known prompt printed, once the wait for a prompt is over', async () => {
    const { link } = guest({ heldPrompt: true, prompt: 'welcome > ' });
    await expect(provisionLab(link, SPEC, { promptWaitMs: 300 })).resolves.toBe('welcome > ');
  });
});
