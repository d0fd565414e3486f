import type { V86 } from 'v86';
import type { EmulatorActivity } from './emulator-activity.ts';
import { sleepWhileHalted } from './halted-wait.ts';
import { shareRootFileDownloads } from './root-files.ts';

// What the lab needs of v86's CPU beyond its public API: its WebAssembly exports, reached as v86's own statistics page
// reaches them (docs/labs.md, "Starting and restoring").
interface CpuCore {
  store_current_tsc(): void;
  current_tsc: Uint32Array;
  set_tsc(low: number, high: number): void;
  set_jit_config(index: number, value: number): void;
}

function cpuOf(emulator: V86): Partial<CpuCore> | undefined {
  return (emulator as unknown as { v86?: { cpu?: Partial<CpuCore> } }).v86?.cpu;
}

/** `set_jit_config`'s index for the most pages of guest code one compiled function may span (v86's default: 3). */
const maxPagesConfig = 1;

/**
 * Sets a machine up once its emulator runs, in the browser's worker and in Node alike: it waits on a timer while its
 * guest is halted (halted-wait.ts), and compiles the guest's code a page at a time. v86 turns hot guest code into
 * WebAssembly functions of up to three pages (a few hundred KB each); current Chromium tiers every hot one up to
 * TurboFan, which takes up to a second of CPU per function, so a lab starting new programs spent more time compiling
 * than emulating: 28–49 s of compilation in a 16 s start of a lab with services, on two cores. One page per function
 * keeps each compilation small. Node's machine compiles with Liftoff alone (node-lab-machine.ts), where the size
 * changes nothing measurable. Each file of the image is fetched once, however many read it at the same time.
 */
export function prepareEmulator(emulator: V86): void {
  sleepWhileHalted(emulator);
  shareRootFileDownloads(emulator);
  cpuOf(emulator)?.set_jit_config?.(maxPagesConfig, 1);
}

/**
 * Resolves once v86 says the machine started. It says so again after every restore (a stop, then a run), so the
 * listener goes with the first: kept, it set the machine up once more at each reset, a new activity sampler and
 * another wrapper round the emulator's scheduling each time, and after a few resets in Firefox a restored guest's
 * first slice never ran (the message that schedules it never came back to the worker).
 */
export function whenStarted(emulator: Pick<V86, 'add_listener' | 'remove_listener'>): Promise<void> {
  return new Promise((resolve) => {
    const started = () => {
      emulator.remove_listener('emulator-started', started);
      resolve();
    };
    emulator.add_listener('emulator-started', started);
  });
}

/**
 * Sets v86's time-stamp counter offset to zero, as in a machine that was never restored. v86's `set_tsc` (which a
 * restore calls with the saved counter) computes the new offset from the counter the guest reads now rather than
 * from the host's clock, so every restore after the first is off by the previous offset. A state saved by a machine
 * that ran longer than this one (the shipped ready state, saved by a build that booted the image) restored a second
 * time sends the guest's clock back by tens of seconds: Linux keeps time still until the counter catches up, and
 * every timer in the guest (a `sleep`, the handshake's read timeout) waits that long. Setting the counter to its own
 * value leaves v86 with an offset of zero, so the restore's `set_tsc` puts the saved counter back exactly.
 */
function zeroTscOffset(emulator: V86): void {
  const cpu = cpuOf(emulator);
  if (!cpu?.store_current_tsc || !cpu.set_tsc || !cpu.current_tsc) return;
  cpu.store_current_tsc();
  cpu.set_tsc(cpu.current_tsc[0]!, cpu.current_tsc[1]!);
}

/** Restores a saved state into a running machine and runs it on: the browser's worker and Node's machine alike. */
export async function restoreEmulator(emulator: V86, activity: EmulatorActivity, state: ArrayBuffer): Promise<void> {
  await emulator.stop();
  // A read still in flight would answer into the restored guest; one that never ends never answers at all.
  await activity.whenQuiet(() => undefined).catch(() => undefined);
  zeroTscOffset(emulator);
  await emulator.restore_state(state);
  activity.rebase();
  await emulator.run();
}

/** Puts a file at `/<name>` in the guest's root filesystem (v86's 9p), for setup-drop.ts. */
export function putRootFile(emulator: V86, name: string, bytes: Uint8Array): Promise<void> {
  return emulator.create_file(name, bytes);
}

interface Filesystem9p {
  SearchPath(path: string): { id: number; parentid: number };
  Unlink(parentId: number, name: string): number;
  DeleteData(id: number): Promise<void>;
}

/**
 * Takes a file `putRootFile` put there out of v86's filesystem (`fs9p`, outside v86's typed API), its bytes too: a
 * state saves every file the filesystem holds data for. (v86's own `DeleteNode` passes no name to `Unlink`.)
 */
export function removeRootFile(emulator: V86, name: string): void {
  const fs = (emulator as unknown as { fs9p?: Filesystem9p }).fs9p;
  const found = fs?.SearchPath(name);
  if (!fs || !found || found.id === -1) return;
  fs.Unlink(found.parentid, name);
  void fs.DeleteData(found.id);
}
