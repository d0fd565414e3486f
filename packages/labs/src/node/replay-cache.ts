import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labKernelCmdline, labMachineDescription } from '../lab-machine.ts';
import { labMarkers, setupLineLength } from '../protocol.ts';
import { readyStateBelongs } from '../ready-state.ts';
import { labImageFiles } from './lab-image.ts';
import { typedCommand } from './lab-runner.ts';
import { currentReadyStateOwner, readShippedReadyStateRecord } from './shipped-ready-state.ts';

/** The recordings a replay passed before, by a digest of everything the result depends on. */
export interface ReplayVerdicts {
  /** Whether a recording with this key replayed clean in this environment. */
  passed(key: string): boolean;
  /** A recording replayed clean now; kept when the cache is saved. */
  pass(key: string): void;
  /** A recording that did not replay clean: never kept, whatever an earlier run found. */
  fail(key: string): void;
  /** Writes what passed, before or now, and did not fail now (recordings no longer in the content are dropped). */
  save(keysInUse: Set<string>): Promise<void>;
}

interface CacheFile {
  environment: string;
  passed: string[];
}

/**
 * The shipped curriculum's verdicts, committed beside the lab image (labs/): a clean clone replays only what changed.
 */
export const shippedReplayVerdictsFile = fileURLToPath(
  new URL('../../../../labs/replay-verdicts.json', import.meta.url),
);

/** Where the verdicts of another content folder are kept: this machine's cache, never the folder itself. */
export function localReplayVerdictsFile(contentRoot: string): string {
  const name = createHash('sha256').update(path.resolve(contentRoot)).digest('hex').slice(0, 16);
  return fileURLToPath(new URL(`../../../../node_modules/.cache/bastion-labs/replay-${name}.json`, import.meta.url));
}

/** What every lab's guest starts from and how the host talks to it, besides the lab's own setup. */
export interface LabEnvironmentParts {
  /** The image's manifest (every file's hash). */
  manifest: Uint8Array | string;
  v86Version: string;
  /** The emulated machine and the kernel's command line. */
  machine: string;
  /** The SHA-256 of the shipped ready state the runner restores, or null where it boots cold. */
  readyState: string | null;
  /** The handshake's markers and line length, and how the runner frames a command it types. */
  protocol: string;
}

async function currentEnvironmentParts(): Promise<LabEnvironmentParts> {
  const v86 = createRequire(import.meta.url)('v86/package.json') as { version: string };
  const record = await readShippedReadyStateRecord();
  const belongs = record !== null && readyStateBelongs(record, await currentReadyStateOwner());
  return {
    manifest: await readFile(labImageFiles.manifest),
    v86Version: v86.version,
    machine: `${labMachineDescription}\n${labKernelCmdline}`,
    readyState: belongs ? record.sha256 : null,
    protocol: JSON.stringify({ labMarkers, setupLineLength, typed: typedCommand('command', 1) }),
  };
}

/**
 * What a lab's behaviour depends on besides what its setup sends the guest (replayInput in replay-recordings.ts): the
 * image, the emulator, the machine, the ready state it starts from and the protocol. It keys the replay's verdicts
 * with each recording's input; no source file is part of it, so a change to the lab code that sends every guest the
 * same keeps every verdict.
 */
export async function labEnvironment(parts?: LabEnvironmentParts): Promise<string> {
  const { manifest, v86Version, machine, readyState, protocol } = parts ?? (await currentEnvironmentParts());
  return createHash('sha256')
    .update(manifest)
    .update(`\nv86 ${v86Version}\n${machine}\nready state ${readyState ?? 'none: a cold boot'}\n${protocol}\n`)
    .digest('hex');
}

/** A digest of a recording's replay input (what its guest is sent, what its output is held against), in the environment. */
export function recordingKey(environment: string, recording: unknown): string {
  const canonical = JSON.stringify(recording, (_key, value: unknown) =>
    value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value,
  );
  return createHash('sha256').update(environment).update('\n').update(canonical).digest('hex');
}

/**
 * The verdicts kept in `file` (a missing or unreadable file, or one from another environment, is an empty cache). A
 * cache that cannot be written (a read-only checkout or cache folder) only costs the next run its time.
 */
export async function openReplayVerdicts(file: string, environment: string): Promise<ReplayVerdicts> {
  const before = new Set<string>();
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheFile>;
    if (stored.environment === environment && Array.isArray(stored.passed)) {
      for (const key of stored.passed) if (typeof key === 'string') before.add(key);
    }
  } catch {
    // no cache yet
  }
  const now = new Set<string>();
  const failed = new Set<string>();
  return {
    passed: (key) => before.has(key),
    pass: (key) => void now.add(key),
    fail: (key) => void failed.add(key),
    async save(keysInUse) {
      const kept = [...new Set([...before, ...now])].filter((key) => keysInUse.has(key) && !failed.has(key)).sort();
      const text = `${JSON.stringify({ environment, passed: kept } satisfies CacheFile, null, 2)}\n`;
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch {
        // a folder we cannot write to keeps no cache
      }
    },
  };
}
