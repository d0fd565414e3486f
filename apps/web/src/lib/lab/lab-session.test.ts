import { describe, expect, it, vi } from 'vitest';
import { activityClock, labMarkers, restoredStallAfterMs, stallAfterMs, type LabSetup } from '@bastion/labs';
import { FakeGuest, fakeReadyState, fakeShippedReadyState, memoryStateCache } from '@test/fake-lab.ts';
import { labRestoreMeasure, LabSession, type LabPhase } from './lab-session.ts';
import { labStateKeyOf, readyStateKey } from './lab-size.ts';
import type { ShippedReadyState } from './shipped-ready-state.ts';
import type { StateCache } from './state-cache.ts';

const SETUP: LabSetup = { hostname: 'lab', user: 'student', cwd: '/home/student', files: [] };
const SIZE = { rows: 24, columns: 80 };

/** Names states without Web Crypto: any stable function of the text will do. */
const digest = async (text: string) =>
  `${text.length}-${[...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)}`;

function session(
  cache: StateCache,
  machines: FakeGuest[],
  {
    phases = [],
    output = [],
    guest = () => new FakeGuest(),
    shippedReadyState = null,
    prefetch,
  }: {
    phases?: LabPhase[];
    output?: string[];
    guest?: () => FakeGuest;
    shippedReadyState?: ShippedReadyState | null;
    prefetch?: readonly string[];
  } = {},
) {
  let size = SIZE;
  const lab = new LabSession({
    createMachine: () => {
      const machine = guest();
      machines.push(machine);
      return machine;
    },
    cache,
    onPhase: (phase) => phases.push(phase),
    onOutput: (text) => output.push(text),
    terminalSize: async () => size,
    digest,
    shippedReadyState,
    ...(prefetch && { prefetch }),
  });
  return Object.assign(lab, {
    setSize(next: typeof SIZE) {
      size = next;
    },
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A guest whose control daemon does not answer while `deaf`. */
class DeafGuest extends FakeGuest {
  deaf = true;
  override sendControl(text: string) {
    if (!this.deaf) super.sendControl(text);
  }
}

/** Idle samples adding up to the stall time: what a guest doing nothing reports. */
function idleFor(machine: FakeGuest, ms: number) {
  for (let spent = 0; spent < ms; spent += 500) machine.report({ elapsedMs: 500, instructions: 100_000 });
}

describe('LabSession', () => {
  it('stops a machine whose start was abandoned', async () => {
    const machines: FakeGuest[] = [];
    const lab = session(memoryStateCache(), machines);
    const starting = lab.start(SETUP);
    lab.stop();
    await starting;
    expect(machines).toHaveLength(1);
    expect(machines[0]?.stopped).toBe(true);
  });

  it('runs a lab whose state cannot be stored, and boots it cold again on reset', async () => {
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const refusing: StateCache = {
      get: async () => null,
      put: () => Promise.reject(new Error('quota')),
      delete: async () => undefined,
    };
    const lab = session(refusing, machines, { phases });
    await lab.start(SETUP);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    await lab.reset(SETUP);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    expect(machines.map((machine) => machine.boots)).toEqual([['image'], ['image']]);
    expect(machines[0]?.stopped).toBe(true);
  });

  it('starts a first lab from the shipped ready state, downloaded with its progress and kept, without booting', async () => {
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const cache = memoryStateCache();
    const shipped = fakeShippedReadyState();
    const lab = session(cache, machines, { phases, shippedReadyState: shipped });
    await lab.start(SETUP);
    expect(machines.map((machine) => machine.boots)).toEqual([['state']]);
    expect(phases.slice(0, 4)).toEqual([
      { kind: 'downloading', loadedBytes: 0, totalBytes: shipped.bytes },
      { kind: 'downloading', loadedBytes: shipped.bytes / 2, totalBytes: shipped.bytes },
      { kind: 'downloading', loadedBytes: shipped.bytes, totalBytes: shipped.bytes },
      { kind: 'restoring' },
    ]);
    expect(phases.some((phase) => phase.kind === 'booting')).toBe(false);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    expect(cache.puts).toEqual([readyStateKey, (await labStateKeyOf(SETUP, digest))!]);
    // The next lab starts from the kept copy: one download in all.
    await lab.start({ ...SETUP, hostname: 'other' });
    expect(shipped.fetches).toBe(1);
    expect(machines[0]?.restores).toBe(1);
  });

  it('names each stage of a setup as the guest starts it: its files, hosts, services and the shell', async () => {
    const phases: LabPhase[] = [];
    const networked: LabSetup = {
      ...SETUP,
      network: { address: '10.10.0.5/24' },
      hosts: [
        { name: 'shop.lab.internal', address: '10.10.0.10' },
        { name: 'db.lab.internal', address: '10.10.0.20' },
      ],
      services: [
        { name: 'shop', user: 'www-data', host: 'shop.lab.internal', command: 'python3 -S shop.py', ports: [80] },
        { name: 'db', user: 'nobody', host: 'db.lab.internal', command: 'nc -lk 5432', ports: [5432] },
      ],
    };
    await session(memoryStateCache(), [], { phases }).start(networked);
    const stages = phases.flatMap((phase) => (phase.kind === 'setting-up' ? [phase.progress] : []));
    expect(stages).toEqual([
      { stage: { kind: 'files' }, step: 0, steps: 4 },
      { stage: { kind: 'network', hosts: 2 }, step: 1, steps: 4 },
      { stage: { kind: 'services' }, step: 2, steps: 4 },
      { stage: { kind: 'shell' }, step: 3, steps: 4 },
    ]);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
  });

  it('boots cold when the shipped ready state cannot be downloaded, and does not ask for it again', async () => {
    const machines: FakeGuest[] = [];
    const refusing: StateCache = { get: async () => null, put: async () => undefined, delete: async () => undefined };
    const shipped = fakeShippedReadyState(false);
    const lab = session(refusing, machines, { shippedReadyState: shipped });
    await lab.start(SETUP);
    expect(machines.map((machine) => machine.boots)).toEqual([['image']]);
    await lab.reset(SETUP);
    expect(shipped.fetches).toBe(1);
  });

  it('boots a fresh machine cold when the machine does not take the shipped ready state', async () => {
    class Refuses extends FakeGuest {
      override async boot(...args: Parameters<FakeGuest['boot']>) {
        if (args[0].kind === 'state') throw new Error('StateLoadError: Version mismatch');
        return super.boot(...args);
      }
    }
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const cache = memoryStateCache();
    const lab = session(cache, machines, {
      phases,
      guest: () => new Refuses(),
      shippedReadyState: fakeShippedReadyState(),
    });
    await lab.start(SETUP);
    expect(machines[0]?.stopped).toBe(true);
    expect(machines[1]?.boots).toEqual(['image']);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    // The ready state kept is the cold boot's, not the one that failed.
    expect(cache.puts[0]).toBe(readyStateKey);
    expect(cache.puts).toHaveLength(2);
  });

  it('saves the ready state at a cold boot and the lab’s own state at its first prompt, before the learner types', async () => {
    const machines: FakeGuest[] = [];
    const cache = memoryStateCache();
    const output: string[] = [];
    const lab = session(cache, machines, { output });
    lab.send('too early\n');
    await lab.start(SETUP);
    const labKey = (await labStateKeyOf(SETUP, digest))!;
    expect(cache.puts).toEqual([readyStateKey, labKey]);
    expect(cache.entries.get(labKey)?.session).toBe('$ ');
    expect(machines[0]?.saves).toBe(2);
    expect(machines[0]?.sent.join('')).not.toContain('too early');
    // The setup carries the terminal's size and the host's time, which do not name the lab's state.
    expect(machines[0]?.setups[0]).toMatch(/stty cols 80 rows 24/);
    expect(machines[0]?.setups[0]).toMatch(/date -s @\d+/);
    expect(output.join('')).toBe('$ ');
  });

  it('shows the first prompt while the lab is saved, and passes what the learner types then once it is saved', async () => {
    let release = () => {};
    class SlowSaver extends FakeGuest {
      override async saveState() {
        // The ready state at once; the lab's own state when the test lets it.
        if (this.saves === 1) await new Promise<void>((resolve) => (release = resolve));
        return super.saveState();
      }
    }
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const output: string[] = [];
    const cache = memoryStateCache();
    const lab = session(cache, machines, { phases, output, guest: () => new SlowSaver() });
    const starting = lab.start(SETUP);
    await vi.waitFor(() => expect(phases.at(-1)).toEqual({ kind: 'running' }));
    expect(output.join('')).toBe('$ ');
    lab.send('ls\n');
    const [machine] = machines;
    // What the learner typed, as its own input (the setup script's base64 can hold any two letters).
    expect(machine?.sent).not.toContain('ls\n');
    release();
    await starting;
    await vi.waitFor(() => expect(machine?.sent).toContain('ls\n'));
  });

  it('makes a reset pressed while the lab is being saved wait for that state instead of setting the lab up again', async () => {
    let release = () => {};
    class SlowSaver extends FakeGuest {
      override async saveState() {
        if (this.saves === 1) await new Promise<void>((resolve) => (release = resolve));
        return super.saveState();
      }
    }
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const lab = session(memoryStateCache(), machines, { phases, guest: () => new SlowSaver() });
    const starting = lab.start(SETUP);
    await vi.waitFor(() => expect(phases.at(-1)).toEqual({ kind: 'running' }));
    const resetting = lab.reset(SETUP);
    release();
    await starting;
    await resetting;
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    expect(machines[0]?.setups).toHaveLength(1);
    expect(machines[0]?.restores).toBe(1);
  });

  it('starts and resets a lab set up before from its own state: no setup, the size and the clock over the control port', async () => {
    const cache = memoryStateCache();
    await session(cache, []).start(SETUP);
    const machines: FakeGuest[] = [];
    const output: string[] = [];
    const phases: LabPhase[] = [];
    const lab = session(cache, machines, { output, phases });
    lab.setSize({ rows: 40, columns: 120 });
    await lab.start(SETUP);
    const [machine] = machines;
    expect(machine?.boots).toEqual(['state']);
    expect(machine?.setups).toEqual([]);
    expect(machine?.controls[0]).toBe('size 40 120');
    expect(machine?.controls[1]).toMatch(/^clock \d+$/);
    expect(output.join('')).toBe('$ ');
    expect(phases.map((phase) => phase.kind)).toEqual(['restoring', 'running']);

    for (let reset = 1; reset <= 10; reset++) {
      lab.setSize({ rows: 20 + reset, columns: 70 + reset });
      await lab.reset(SETUP);
      expect(phases.at(-1)).toEqual({ kind: 'running' });
      expect(machine?.size).toEqual({ rows: 20 + reset, columns: 70 + reset });
    }
    expect(machine?.restores).toBe(10);
    expect(machine?.setups).toEqual([]);
    // Each restore is timed for the benchmark's floor: the start in a new emulator, the resets in the running one.
    const measures = performance.getEntriesByName(labRestoreMeasure) as PerformanceMeasure[];
    expect(measures.slice(-11).map((m) => (m.detail as { emulatorRunning: boolean }).emulatorRunning)).toEqual([
      false,
      ...Array<boolean>(10).fill(true),
    ]);
  });

  it('asks each machine once, at the prompt, to fetch the files of the tools the learner is about to run', async () => {
    const prefetch = ['/usr/bin/nmap', '/usr/share/nmap/nmap-services'];
    const cache = memoryStateCache();
    const first: FakeGuest[] = [];
    const lab = session(cache, first, { prefetch });
    await lab.start(SETUP);
    await lab.reset(SETUP);
    await lab.reset(SETUP);
    expect(first[0]?.prefetches).toEqual([{ paths: prefetch, atPrompt: true }]);
    // A later start (a new page, a new machine) restores the lab's own state and asks again.
    const later: FakeGuest[] = [];
    await session(cache, later, { prefetch }).start(SETUP);
    expect(later[0]?.boots).toEqual(['state']);
    expect(later[0]?.prefetches).toEqual([{ paths: prefetch, atPrompt: true }]);
    // A lab whose quiz names no tool asks for nothing.
    const none: FakeGuest[] = [];
    await session(cache, none).start(SETUP);
    expect(none[0]?.prefetches).toEqual([]);
  });

  it('gives a lab with a clock of its own no clock on restore', async () => {
    const cache = memoryStateCache();
    const clocked = { ...SETUP, clock: '2025-03-10T12:00:00Z' };
    await session(cache, []).start(clocked);
    const machines: FakeGuest[] = [];
    await session(cache, machines).start(clocked);
    expect(machines[0]?.controls).toEqual(['size 24 80']);
  });

  it('passes what the learner types while the lab resets to nobody, and resizes the running lab', async () => {
    const machines: FakeGuest[] = [];
    const cache = memoryStateCache();
    const lab = session(cache, machines);
    await lab.start(SETUP);
    const [machine] = machines;
    const resetting = lab.reset(SETUP);
    lab.send('rm -rf ~\n');
    lab.resize({ rows: 30, columns: 90 });
    await resetting;
    expect(machine?.sent.join('')).not.toContain('rm -rf');
    await tick();
    expect(machine?.size).toEqual({ rows: 30, columns: 90 });
    lab.resize({ rows: 50, columns: 160 });
    await vi.waitFor(() => expect(machine?.controls.at(-1)).toBe('size 50 160'));
  });

  it('tells the guest a new size once the pane has settled, and holds what the learner types until the guest has it', async () => {
    let answer = () => {};
    /** A loaded guest: it applies a size only when the test says so. */
    class SlowResizer extends FakeGuest {
      override sendControl(text: string) {
        answer = () => super.sendControl(text);
      }
    }
    const machines: FakeGuest[] = [];
    const lab = session(memoryStateCache(), machines, { guest: () => new SlowResizer() });
    await lab.start(SETUP);
    const [machine] = machines;
    // A full-screen toggle: the grid changes twice before it settles; the learner types at once.
    lab.resize({ rows: 30, columns: 90 });
    lab.send('stty');
    lab.resize({ rows: 40, columns: 120 });
    lab.send(' size\n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(machine?.controls).toEqual([]);
    expect(machine?.sent.join('')).not.toContain('stty');
    answer();
    await vi.waitFor(() => expect(machine?.sent.join('')).toContain('stty size\n'));
    // One size sent, the settled one; what was typed went after it, in order.
    expect(machine?.controls).toEqual(['size 40 120']);
    lab.send('ls\n');
    expect(machine?.sent.at(-1)).toBe('ls\n');
  });

  it('waits for a setup that takes far longer than any deadline while the guest works', async () => {
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    let release = () => {};
    class SlowGuest extends FakeGuest {
      override send(text: string) {
        // The setup arrives; the guest works on it (busy samples) until the test lets it finish.
        if (text.includes(labMarkers.end)) {
          release = () => super.send(text);
          return;
        }
        super.send(text);
      }
    }
    const lab = session(memoryStateCache({ [readyStateKey]: fakeReadyState() }), machines, {
      phases,
      guest: () => new SlowGuest(),
    });
    const starting = lab.start(SETUP);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [machine] = machines;
    for (let spent = 0; spent < 10 * stallAfterMs; spent += 500) {
      machine!.report({ elapsedMs: 500, instructions: 5_000_000, fileReads: spent % 2000 === 0 ? 1 : 0 });
    }
    expect(phases.at(-1)).toMatchObject({ kind: 'setting-up' });
    release();
    await starting;
    expect(phases.at(-1)).toEqual({ kind: 'running' });
  });

  it('calls a guest stuck once it has done nothing for the stall time, and drops the ready state it came from', async () => {
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    class DeadGuest extends FakeGuest {
      override send() {}
    }
    const cache = memoryStateCache({ [readyStateKey]: fakeReadyState() });
    const lab = session(cache, machines, { phases, guest: () => new DeadGuest() });
    const starting = lab.start(SETUP);
    await new Promise((resolve) => setTimeout(resolve, 50));
    idleFor(machines[0]!, stallAfterMs - 500);
    await tick();
    expect(phases.at(-1)?.kind).toBe('setting-up');
    idleFor(machines[0]!, 500);
    await starting;
    expect(phases.at(-1)).toMatchObject({ kind: 'failed', reason: 'stalled' });
    expect(cache.entries.has(readyStateKey)).toBe(false);
  });

  /**
   * Starts a lab saved before in a guest that does not answer its first `silentRestores` restores (each idles for
   * the restored stall time), then answers. What the page warned of is kept.
   */
  async function restoreIntoDeafGuest(silentRestores: number) {
    const cache = memoryStateCache();
    await session(cache, []).start(SETUP);
    const labKey = (await labStateKeyOf(SETUP, digest))!;
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const starting = session(cache, machines, { phases, guest: () => new DeafGuest() }).start(SETUP);
      /** The machine's restores (after its first start from the state) as each silent one begins to idle. */
      const restoresBeforeSilence: number[] = [];
      for (let restore = 0; restore < silentRestores; restore++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        restoresBeforeSilence.push(machines[0]!.restores);
        // A restored guest is given less time to answer than one at work.
        idleFor(machines[0]!, restoredStallAfterMs);
      }
      (machines[0] as DeafGuest).deaf = false;
      await starting;
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      const labSaves = cache.puts.filter((key) => key === labKey).length;
      return { machine: machines[0]!, phases, warnings, labSaves, restoresBeforeSilence };
    } finally {
      warn.mockRestore();
    }
  }

  it('restores a lab state once more when its guest does nothing, and keeps the state when the second answers', async () => {
    const { machine, phases, warnings, labSaves } = await restoreIntoDeafGuest(1);
    expect(warnings).toEqual([expect.stringContaining('restoring it once more')]);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    expect(machine.boots).toEqual(['state']);
    expect(machine.restores).toBe(1);
    expect(machine.setups).toHaveLength(0);
    expect(labSaves).toBe(1);
  });

  it('drops a lab state whose guest does nothing twice once restored, and sets the lab up from the ready state', async () => {
    const { machine, phases, warnings, labSaves, restoresBeforeSilence } = await restoreIntoDeafGuest(2);
    // Started from the state, then restored into the same machine once more.
    expect(restoresBeforeSilence).toEqual([0, 1]);
    expect(warnings.at(-1)).toContain('setting the lab up again');
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    // The lab's state twice, then the ready state.
    expect(machine.restores).toBe(2);
    expect(machine.setups).toHaveLength(1);
    // Saved again at the new setup's first prompt.
    expect(labSaves).toBe(2);
  });

  it('keeps a restored lab whose idle samples from before it was asked reach the page late, all at once', async () => {
    const cache = memoryStateCache();
    await session(cache, []).start(SETUP);
    const restoredAt = activityClock();
    class HeldUpPage extends FakeGuest {
      // The page's thread was held up for 20 s after the restore: the question goes out with the samples queued.
      override sendControl(text: string) {
        for (let spent = 0; spent < 20_000; spent += 500) {
          this.report({ elapsedMs: 500, instructions: 100_000, takenAt: restoredAt - 20_000 + spent });
        }
        super.sendControl(text);
      }
    }
    const machines: FakeGuest[] = [];
    const phases: LabPhase[] = [];
    await session(cache, machines, { phases, guest: () => new HeldUpPage() }).start(SETUP);
    expect(phases.at(-1)).toEqual({ kind: 'running' });
    // Started from the lab's own state, and neither the ready state restored nor the lab set up again.
    expect(machines[0]!.boots).toEqual(['state']);
    expect(machines[0]!.restores).toBe(0);
    expect(machines[0]!.setups).toHaveLength(0);
  });
});
