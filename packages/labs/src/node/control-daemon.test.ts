import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabRunner } from './lab-runner.ts';

/** From the shipped ready state, as every learner's lab starts. */
let lab: LabRunner;

beforeAll(async () => {
  lab = await LabRunner.ready();
});

afterAll(() => lab?.destroy());

describe('the control daemon a setup starts', () => {
  it('is running, in a session of its own, when the setup ends: eight starts in a row', async () => {
    // The daemon is the setup's last start. When the handshake's end hung up its session before the daemon had
    // left it, one start in four (from the shipped ready state) had no daemon, and its saved state never answered.
    for (let round = 1; round <= 8; round++) {
      await lab.reset();
      await lab.provision({ hostname: 'lab', user: 'root', cwd: '/root', files: [] });
      const found = await lab.run(
        'for pid in $(pgrep -f /run/lab-control); do read -r _ _ _ _ _ sid _ < /proc/$pid/stat; echo $((sid - pid)); done',
      );
      expect(found).toBe('0\n');
    }
  });
});
