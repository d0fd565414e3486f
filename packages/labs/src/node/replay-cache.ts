import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labImageFiles } from './lab-image.ts';

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

const labsSourceDir = fileURLToPath(new URL('../', import.meta.url));

/** The lab package's own source (not its tests): the setup, the protocol, the Node runner that replays and the Python starter. */
async function labsSourceFiles(dir = labsSourceDir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return labsSourceFiles(file);
      const code = entry.name.endsWith('.py') || (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'));
      return code ? [file] : [];
    }),
  );
  return files.flat().sort();
}

/**
 * What a lab's behaviour depends on besides its content: the image (its manifest holds every file's hash), the
 * emulator's version and the lab code that sets a lab up and runs commands in it. It keys the replay's verdicts and
 * the saved ready state of the Node runner.
 */
export async function labEnvironment(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(labImageFiles.manifest));
  const v86 = createRequire(import.meta.url)('v86/package.json') as { version: string };
  hash.update(`v86 ${v86.version}\n`);
  for (const file of await labsSourceFiles()) {
    hash.update(`${path.relative(labsSourceDir, file)}\n`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
}

/** A digest of a recording: its lab (every file's bytes), its entries and its solutions, in the environment. */
export function recordingKey(environment: string, recording: unknown): string {
  const canonical = JSON.stringify(recording, (_key, value: unknown) =>
    value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value,
  );
  return createHash('sha256').update(environment).update('\n').update(canonical).digest('hex');
}

/**
 * The verdicts kept in `file` (a missing or unreadable file, or one from another environment, is an empty cache). A
 * cache that cannot be written (a read-only content folder) only costs the next run its time.
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
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch {
        // a folder we cannot write to keeps no cache
      }
    },
  };
}
