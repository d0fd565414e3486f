import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labMarkers, setupLineLength } from '../protocol.ts';
import { toBase64, wrapLines } from '../base64.ts';
import { pythonStarter } from '../lab-network.ts';
import { readyStateBelongs, readyStateOwner, type ReadyStateOwner, type ReadyStateRecord } from '../ready-state.ts';
import { readLabManifest } from './lab-image.ts';
import { NodeLabMachine } from './node-lab-machine.ts';

/** labs/ready-state/ at the repository root: the shipped ready state and its record (ready-state.ts). */
export const shippedReadyStateDir = fileURLToPath(new URL('../../../../labs/ready-state/', import.meta.url));
const recordFile = path.join(shippedReadyStateDir, 'ready-state.json');
const stateFileName = 'ready.state.zst';

/** The machine a ready state must come from today: this v86, the lab's devices and the committed image. */
export async function currentReadyStateOwner(): Promise<ReadyStateOwner> {
  const v86 = createRequire(import.meta.url)('v86/package.json') as { version: string };
  return readyStateOwner(v86.version, (await readLabManifest()).files);
}

export async function readShippedReadyStateRecord(): Promise<ReadyStateRecord | null> {
  try {
    return JSON.parse(await readFile(recordFile, 'utf8')) as ReadyStateRecord;
  } catch {
    return null;
  }
}

/** The shipped state's bytes, as v86 restores them, when it belongs to this machine and is whole; otherwise null. */
export async function readShippedReadyState(): Promise<ArrayBuffer | null> {
  const record = await readShippedReadyStateRecord();
  if (!record || !readyStateBelongs(record, await currentReadyStateOwner())) return null;
  const bytes = await readFile(path.join(shippedReadyStateDir, record.file)).catch(() => null);
  if (!bytes || createHash('sha256').update(bytes).digest('hex') !== record.sha256) return null;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** python-starter.py, which the ready state holds running (docs/labs.md), and its network module. */
const pythonStarterSource = fileURLToPath(new URL('../python-starter.py', import.meta.url));
const starterNetworkSource = fileURLToPath(new URL('../starter_network.py', import.meta.url));
/** The lab targets' framework, which the starter holds imported for the services it forks. */
const weblabSource = fileURLToPath(new URL('../../../../content/targets/weblab/weblab.py', import.meta.url));

/**
 * Runs what most labs' first start runs, so that its files are in the guest's page cache of every learner's first
 * start instead of being fetched and read one by one (a lab's setup and the learner's shell: bash, coreutils'
 * install, openssl, which unseals a lab's private part; a lab network's ip and kernel modules, loaded). Starts the
 * Python starter, root's, with nothing in its environment but a PATH, and waits until it takes requests: it has
 * read the interpreter, imported the modules the targets import and run the targets' framework (weblab.py).
 * Then fills the guest's free memory with zeros and frees it again, then goes back to waiting for a setup. v86
 * leaves pages of zeros out of a state, and a page the kernel has freed still holds what it held (the boot's
 * initramfs among them): a third of the state, for two seconds of emulated work. 16 MB stay free, so that the
 * kernel does not evict the files just read to make room. The script exits non-zero so that the guest's handshake
 * waits for a setup again (the path a failed setup takes), where the state is saved.
 */
export async function warmUpScript(): Promise<string> {
  const starterFolder = path.posix.dirname(pythonStarter.source);
  const preload = `${starterFolder}/weblab.py`;
  const guestFiles: [string, string][] = [
    [pythonStarter.source, pythonStarterSource],
    [`${starterFolder}/starter_network.py`, starterNetworkSource],
    [preload, weblabSource],
  ];
  const files = await Promise.all(
    guestFiles.map(async ([guestPath, source]) => [
      `base64 -d > ${guestPath} <<'@@FILE@@'`,
      ...wrapLines(toBase64(await readFile(source)), setupLineLength),
      '@@FILE@@',
      `chmod 600 ${guestPath}`,
    ]),
  );
  return `
{
  bash -c : && install --version && openssl version && ip -V
  modprobe veth && modprobe bridge && nft list ruleset
  cat /usr/share/terminfo/l/linux /usr/share/terminfo/x/xterm-256color /etc/profile
} > /dev/null 2>&1
${files.flat().join('\n')}
setsid env -i PATH=/usr/bin:/usr/sbin:/usr/lib/busybox python3 -S ${pythonStarter.source} ${preload} < /dev/null > /dev/null 2>&1 &
until [ -p ${pythonStarter.replies} ]; do sleep 0.1; done
rm ${preload}
free=$(awk '/^MemFree:/ { print int($2 / 1024) - 16 }' /proc/meminfo)
mkdir -p /run/zero-fill && mount -t tmpfs -o size=\${free}m zero-fill /run/zero-fill
dd if=/dev/zero of=/run/zero-fill/zeros bs=1M count="$free" 2> /dev/null
rm /run/zero-fill/zeros && umount /run/zero-fill && rmdir /run/zero-fill
exit 1
`;
}

/** Boots the image cold under Node, zeroes the guest's free memory at its ready point and saves it there. */
export async function saveReadyState(): Promise<{ state: ArrayBuffer; bootMs: number }> {
  const machine = new NodeLabMachine();
  let output = '';
  machine.onOutput((text) => (output += text));
  const until = async (marker: string, nudge: string) => {
    while (!output.includes(marker)) {
      machine.send(nudge);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    output = '';
  };
  const started = performance.now();
  await machine.boot({ kind: 'image' });
  await until(labMarkers.ready, '');
  const bootMs = performance.now() - started;
  const payload = wrapLines(toBase64(new TextEncoder().encode(await warmUpScript())), setupLineLength);
  machine.send(`${labMarkers.setup}\n${payload.join('\n')}\n${labMarkers.end}\n`);
  await until(labMarkers.failed, '\n');
  await until(labMarkers.ready, `${labMarkers.ping}\n`);
  try {
    return { state: await machine.saveState(), bootMs };
  } finally {
    machine.stop();
  }
}

/** Saves a ready state, compresses it with zstd (the host's `zstd`) and writes it and its record. */
export async function writeShippedReadyState(): Promise<{ record: ReadyStateRecord; bootMs: number }> {
  const owner = await currentReadyStateOwner();
  const warmUp = createHash('sha256')
    .update(await warmUpScript())
    .digest('hex');
  const { state, bootMs } = await saveReadyState();
  const zstd = spawnSync('zstd', ['-19', '-T0', '-q', '-c'], { input: new Uint8Array(state), maxBuffer: 1 << 30 });
  if (zstd.status !== 0)
    throw new Error(`zstd failed (${zstd.error?.message ?? zstd.stderr.toString()}): apt-get install zstd`);
  const compressed = zstd.stdout;
  const record: ReadyStateRecord = {
    ...owner,
    file: stateFileName,
    bytes: compressed.byteLength,
    sha256: createHash('sha256').update(compressed).digest('hex'),
    stateBytes: state.byteLength,
    warmUp,
  };
  await mkdir(shippedReadyStateDir, { recursive: true });
  const temporary = path.join(shippedReadyStateDir, `${stateFileName}.${process.pid}.tmp`);
  await writeFile(temporary, compressed);
  await rename(temporary, path.join(shippedReadyStateDir, stateFileName));
  await writeFile(recordFile, `${JSON.stringify(record, null, 2)}\n`);
  return { record, bootMs };
}
