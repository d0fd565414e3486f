import { describe, expect, it } from 'vitest';
import { FakeGuest, memoryStateCache } from '../../../test/fake-lab.ts';
import { LabSession, type LabPhase } from './lab-session.ts';
import type { StateCache } from './state-cache.ts';

const SPEC = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };

function session(cache: StateCache, machines: FakeGuest[], phases: LabPhase[] = []) {
  return new LabSession({
    createMachine: () => {
      const machine = new FakeGuest();
      machines.push(machine);
      return machine;
    },
    cache,
    onPhase: (phase) => phases.push(phase),
    onOutput: () => undefined,
  });
}

describe('LabSession', () => {
  it('stops a machine whose start was abandoned', async () => {
    const machines: FakeGuest[] = [];
    const lab = session(memoryStateCache(), machines);
    const starting = lab.start(SPEC);
    lab.stop();
    await starting;
    expect(machines).toHaveLength(1);
    expect(machines[0]?.stopped).toBe(true);
  });

  it('runs a lab whose state cannot be stored, and boots it cold again on reset', async () => {
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const refusing: StateCache = { get: async () => null, put: () => Promise.reject(new Error('quota')) };
    const lab = session(refusing, machines, phases);
    await lab.start(SPEC);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    await lab.reset(SPEC);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    expect(machines.map((machine) => machine.boots)).toEqual([['image'], ['image']]);
    expect(machines[0]?.stopped).toBe(true);
  });
});
