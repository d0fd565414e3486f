import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labBootProfile } from '../boot-profile.ts';
import { controlGuest } from '../control.ts';
import type { LabSpec } from '../lab-spec.ts';
import { readLabManifest } from './lab-image.ts';
import { LabRunner } from './lab-runner.ts';

const bootTimeoutMs = 300_000;

/** One boot for the file; each test starts from the guest's ready point. */
let lab: LabRunner;
let bootInstructions = 0;

beforeAll(async () => {
  const booted = await LabRunner.boot(bootTimeoutMs);
  lab = booted.runner;
  bootInstructions = booted.instructions;
});

afterAll(() => lab?.destroy());

/** Resolves once the guest's console shows `text` (a program running in the foreground says it is ready). */
function printed(text: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    const stop = lab.labMachine.onOutput((chunk) => {
      seen += chunk;
      if (seen.includes(text)) {
        stop();
        resolve();
      }
    });
  });
}

describe('the control port and a lab’s own saved state, in v86 under Node', () => {
  it('boots as the measured boot did, so a cold start’s progress and time left hold', async () => {
    const manifest = await readLabManifest();
    expect(labBootProfile.image).toEqual(manifest.files.map((file) => `${file.file}-${file.sha256.slice(0, 16)}`));
    const measured = labBootProfile.points.at(-1)![0];
    // Samples come every 500 ms: the count at the ready point is known to a few per cent.
    expect(bootInstructions / measured).toBeGreaterThan(0.9);
    expect(bootInstructions / measured).toBeLessThan(1.1);
  });

  it('gives the learner’s terminal the size the host says, and the program in the foreground SIGWINCH', async () => {
    await lab.reset();
    await lab.provision({ hostname: 'lab', user: 'student', cwd: '/home/student', files: [], rows: 24, columns: 80 });
    expect(await lab.run('stty size')).toBe('24 80\n');
    await lab.resize({ rows: 40, columns: 120 });
    expect(await lab.run('stty size; echo $LINES $COLUMNS')).toBe('40 120\n40 120\n');
    // A program that waits for the window to change, as a full-screen program does.
    // Printed, not the typed line's echo (`echo armed;`): the trap is set.
    const armed = printed('armed\r\n');
    const waiting = lab.run(
      `bash -c 'trap "echo winch \\$(stty size); exit" WINCH; echo armed; while :; do sleep 0.1; done'`,
      // A loaded machine starts bash and each sleep slowly.
      120_000,
    );
    await armed;
    await lab.resize({ rows: 50, columns: 120 });
    expect(await waiting).toBe('armed\nwinch 50 120\n');
  });

  it('restores a lab at its first prompt, services up, from a modified and a busy lab, with a new size and clock', async () => {
    const spec: LabSpec = {
      hostname: 'lab',
      user: 'root',
      cwd: '/root',
      files: [{ path: '/root/notes.txt', content: 'first moment\n' }],
      services: [{ name: 'echo', user: 'nobody', cwd: '/', command: 'nc -lk 7000', ports: [7000] }],
      rows: 24,
      columns: 80,
    };
    await lab.reset();
    await lab.provision(spec);
    // What the browser does at the learner's first prompt.
    const state = await lab.labMachine.saveState();
    const nowSeconds = () => Math.floor(Date.now() / 1000);

    for (let round = 1; round <= 3; round++) {
      // Modified, and busy: a file written, one removed, the service stopped, programs running.
      await lab.run('echo mine > mine.txt; rm notes.txt; pkill -x nc; cd /tmp; (yes > /dev/null &); (sleep 1000 &)');
      expect(await lab.run('nc -z 127.0.0.1 7000; echo $?')).toBe('1\n');
      await lab.labMachine.restoreState(state.slice(0));
      const size = { rows: 30 + round, columns: 100 + round };
      await controlGuest(
        lab.labMachine,
        [
          { kind: 'size', size },
          { kind: 'clock', epochSeconds: nowSeconds() },
        ],
        { watch: true },
      );
      expect(await lab.run('pwd; ls; cat notes.txt; stty size')).toBe(
        `/root\nnotes.txt\nfirst moment\n${size.rows} ${size.columns}\n`,
      );
      expect(await lab.run('nc -z 127.0.0.1 7000; echo $?; pgrep -x yes; pgrep -x sleep; echo none')).toBe('0\nnone\n');
      const guestNow = Number((await lab.run('date +%s')).trim());
      expect(Math.abs(guestNow - nowSeconds())).toBeLessThan(30);
    }
  });

  it('reports its CPU halted while the guest idles and running while a program works, for the stall watch', async () => {
    await lab.reset();
    await lab.provision({ hostname: 'lab', user: 'root', cwd: '/root', files: [], rows: 24, columns: 80 });
    const samples = async (count: number) => {
      const seen: boolean[] = [];
      await new Promise<void>((resolve) => {
        const stop = lab.labMachine.onActivity((sample) => {
          seen.push(sample.running!);
          if (seen.length < count) return;
          stop();
          resolve();
        });
      });
      return seen;
    };
    const idle = await samples(6);
    expect(idle.filter(Boolean).length).toBeLessThanOrEqual(1);
    // Printed, not the typed line's echo (`bu''sy`): the loop runs.
    const working = printed('busy\r\n');
    const busy = lab.run(`echo bu''sy; timeout 8 sh -c 'while :; do :; done'`, 120_000);
    await working;
    expect((await samples(6)).filter(Boolean).length).toBeGreaterThanOrEqual(5);
    await busy;
  });
});
