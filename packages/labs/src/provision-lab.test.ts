import { describe, expect, it } from 'vitest';
import { provisionLab } from './provision-lab.ts';
import type { SerialLink } from './serial-link.ts';
import { LabStalledError, stallAfterMs, type MachineActivity } from './progress-watch.ts';
import { machineSample } from './testing.ts';
import { labMarkers } from './protocol.ts';

const SPEC = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const PROMPT = '\x1b[?2004hstudent@lab:~$ ';

/**
 * A guest on the serial line: answers the handshake, then starts the learner's shell, which prints its prompt
 * `promptAfterMs` after the start marker. What the host sends once the start marker has reached it is the shell's
 * (`afterStart`); until then the host may still nudge the handshake.
 */
function guest({
  prompt = PROMPT,
  promptAfterMs = 0,
  setupOutput = '',
}: { prompt?: string; promptAfterMs?: number; setupOutput?: string } = {}) {
  const listeners = new Set<(text: string) => void>();
  const afterStart: string[] = [];
  let state: 'waiting' | 'setup' | 'shell' = 'waiting';
  let started = false;
  const print = (text: string, afterMs = 0, then = () => {}) =>
    setTimeout(() => {
      listeners.forEach((listener) => listener(text));
      then();
    }, afterMs);
  const link: SerialLink = {
    send(text) {
      if (started) afterStart.push(text);
      if (state === 'shell') return;
      for (const line of text.split('\n')) {
        if (state === 'waiting' && line === labMarkers.ping) print(`${labMarkers.ready}\r\n`);
        else if (state === 'waiting' && line === labMarkers.setup) state = 'setup';
        else if (state === 'setup' && line === labMarkers.end) {
          state = 'shell';
          print(`${labMarkers.received}\r\n`);
          // What the setup prints, a few bytes at a time as a serial line delivers it.
          for (let at = 0; at < setupOutput.length; at += 7) print(setupOutput.slice(at, at + 7));
          print(`${labMarkers.started}\r\n`, 0, () => (started = true));
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
  it('tells each stage the setup announces, named from the spec, whatever the serial line cuts it into', async () => {
    const spec = {
      ...SPEC,
      network: { address: '10.10.0.5/24' },
      hosts: [{ name: 'shop.lab.internal', address: '10.10.0.10' }],
      services: [{ name: 'shop', user: 'www-data', command: 'nc -lk 80', ports: [80] }],
    };
    const said = ['network', 'services', 'later', 'shell'].map((word) => `${labMarkers.stage} ${word}\r\n`);
    const { link } = guest({ setupOutput: said.join('') });
    const stages: unknown[] = [];
    await provisionLab(link, spec, { onStage: (progress) => stages.push(progress) });
    // A word the host does not know is not told.
    expect(stages).toEqual([
      { stage: { kind: 'network', hosts: 1 }, step: 1, steps: 4 },
      { stage: { kind: 'services' }, step: 2, steps: 4 },
      { stage: { kind: 'shell' }, step: 3, steps: 4 },
    ]);
  });

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
    const report = (instructions: number) => activity.forEach((listener) => listener(machineSample({ instructions })));
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
    await new Promise((resolve) => setTimeout(resolve, 0)); // the setup is on its way
    for (let spent = 0; spent < stallAfterMs; spent += 500) report(100_000);
    await expect(dead).rejects.toBeInstanceOf(LabStalledError);
  });
});
