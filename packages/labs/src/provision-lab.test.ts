import { describe, expect, it } from 'vitest';
import { provisionLab, type SerialLink } from './provision-lab.ts';
import { LabStalledError, stallAfterMs, type MachineActivity } from './progress-watch.ts';
import { labMarkers } from './protocol.ts';

const SPEC = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const PROMPT = '\x1b[?2004hstudent@lab:~$ ';

/**
 * A guest on the serial line: answers the handshake, then starts the learner's shell, which prints its prompt
 * `promptAfterMs` after the start marker.
 */
function guest({ prompt = PROMPT, promptAfterMs = 0 }: { prompt?: string; promptAfterMs?: number } = {}) {
  const listeners = new Set<(text: string) => void>();
  const afterStart: string[] = [];
  let state: 'waiting' | 'setup' | 'shell' = 'waiting';
  const print = (text: string, afterMs = 0) =>
    setTimeout(() => listeners.forEach((listener) => listener(text)), afterMs);
  const link: SerialLink = {
    send(text) {
      if (state === 'shell') {
        afterStart.push(text);
        return;
      }
      for (const line of text.split('\n')) {
        if (state === 'waiting' && line === labMarkers.ping) print(`${labMarkers.ready}\r\n`);
        else if (state === 'waiting' && line === labMarkers.setup) state = 'setup';
        else if (state === 'setup' && line === labMarkers.end) {
          state = 'shell';
          print(`${labMarkers.received}\r\n${labMarkers.started}\r\n`);
          print(prompt, promptAfterMs);
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
    const { link, afterStart } = guest();
    await expect(provisionLab(link, SPEC)).resolves.toBe(PROMPT);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(afterStart).toEqual([]);
  });

  it('waits for a prompt that comes after the start marker, sending the shell nothing', async () => {
    const { link, afterStart } = guest({ promptAfterMs: 200 });
    await expect(provisionLab(link, SPEC)).resolves.toBe(PROMPT);
    expect(afterStart).toEqual([]);
  });

  it('hands over what a shell without a known prompt printed, once the wait for a prompt is over', async () => {
    const { link } = guest({ prompt: 'welcome > ', promptAfterMs: 50 });
    await expect(provisionLab(link, SPEC, { promptWaitMs: 300 })).resolves.toBe('welcome > ');
  });

  it('hands over a shell without a known prompt once its guest waits for input, and fails a guest that stays idle', async () => {
    const activity = new Set<(sample: MachineActivity) => void>();
    const report = (instructions: number) =>
      activity.forEach((listener) =>
        listener({ elapsedMs: 500, instructions, executed: 0, fileReads: 0, readsInFlight: 0 }),
      );
    const { link } = guest({ prompt: 'welcome > ' });
    const watched = {
      ...link,
      onActivity: (l: (s: MachineActivity) => void) => (activity.add(l), () => activity.delete(l)),
    };
    const provisioning = provisionLab(watched, SPEC);
    await new Promise((resolve) => setTimeout(resolve, 50));
    report(50_000_000); // the shell still starting
    report(100_000);
    report(100_000);
    await expect(provisioning).resolves.toBe('welcome > ');

    const stuck: SerialLink = { send: () => undefined, onOutput: () => () => undefined };
    const dead = provisionLab({ ...stuck, onActivity: watched.onActivity }, SPEC);
    for (let spent = 0; spent < stallAfterMs; spent += 500) report(100_000);
    await expect(dead).rejects.toBeInstanceOf(LabStalledError);
  });
});
