/**
 * Summarises a `.cpuprofile` written with `BENCH_PROFILE` (see support.ts `profiled`): where the server's
 * thread spent its time, by part of the stack (self time) and for the app's own functions (total time).
 * Run: `node --import tsx bench/profile-summary.ts <file.cpuprofile> [more files]`.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The part of the stack a frame belongs to, from its script's address. */
function partOf(url: string, name: string): string {
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(program)') return 'V8 and native (program)';
  if (/writev|writeGeneric|writeBuffer|writeUtf8String|writeLatin1String/.test(name) && !url)
    return 'socket writes (native)';
  if (!url) return `native: ${name || '(anonymous)'}`;
  if (url.includes('/apps/api/src/')) return `app: ${url.slice(url.indexOf('/apps/api/src/') + 14)}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `package: ${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  return url;
}

/** The layer a part belongs to, for the one-screen comparison of routes. */
function layerOf(part: string): string {
  if (part === 'socket writes (native)' || part === 'node:internal/stream_base_commons') return 'writing to the socket';
  if (part === 'garbage collector') return 'garbage collector';
  if (/^app: (plugins\/auth|lib\/learner-cache|lib\/clock)/.test(part)) return 'app: sign-in and cache lookups';
  if (part.startsWith('app: plugins/security-headers')) return 'app: security headers';
  if (part.startsWith('app: ')) return 'app: handlers and serialisation';
  if (/package: (fastify|find-my-way|@fastify\/|fast-json-stringify|avvio)/.test(part)) return 'Fastify';
  if (/package: (pino|@pinojs)/.test(part)) return 'logger';
  if (part.startsWith('node:') || part.startsWith('native: ')) return 'Node: HTTP, streams, events, ticks';
  return 'other (V8, program)';
}

async function summarise(file: string) {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const { url, functionName, lineNumber } = byId.get(id)!.callFrame;
    const part = partOf(url, functionName);
    parts.set(part, (parts.get(part) ?? 0) + time);
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + time);
  }
  // Total (inclusive) time of frames: each sample counted once per distinct frame on its stack.
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName, lineNumber } = byId.get(at)!.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + time);
    }
  }
  const measured = await readFile(file.replace(/\.cpuprofile$/, '.json'), 'utf8')
    .then((text) => JSON.parse(text) as { requests: number })
    .catch(() => null);
  // Each figure as a share of the busy time and, when the requests are known, in µs per request.
  const pct = (t: number) =>
    `${((100 * t) / busy).toFixed(1).padStart(5)}%` +
    (measured ? ` ${(t / measured.requests).toFixed(2).padStart(6)} µs` : '');
  console.log(
    `\n${file}: ${(total / 1e6).toFixed(2)} s sampled, busy ${((100 * busy) / total).toFixed(0)}%` +
      (measured ? `, ${measured.requests} requests, ${(busy / measured.requests).toFixed(1)} µs busy per request` : ''),
  );
  const layers = new Map<string, number>();
  for (const [part, time] of parts) {
    if (part !== 'idle') layers.set(layerOf(part), (layers.get(layerOf(part)) ?? 0) + time);
  }
  console.log('  self time by layer (of busy time):');
  for (const [layer, time] of [...layers].sort((a, b) => b[1] - a[1])) console.log(`    ${pct(time)}  ${layer}`);
  console.log('  self time by part (of busy time):');
  for (const [part, time] of [...parts]
    .filter(([p]) => p !== 'idle')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    console.log(`    ${pct(time)}  ${part}`);
  console.log('  self time by function:');
  for (const [name, time] of [...functions]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`    ${pct(time)}  ${name}`);
  console.log('  total time by function:');
  for (const [name, time] of [...inclusive]
    .filter(([n]) => !n.startsWith('(idle)') && !n.startsWith('(root)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 50))
    console.log(`    ${pct(time)}  ${name}`);
}

for (const file of process.argv.slice(2)) await summarise(file);
