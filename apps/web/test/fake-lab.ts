import { labMarkers, type BootSource, type LabMachine, type MachineActivity, type TerminalSize } from '@bastion/labs';
import { machineSample } from '@bastion/labs/testing';
import type { LabEnvironment } from '../src/components/lab/lab-environment.tsx';
import { DownloadError } from '../src/lib/lab/download.ts';
import { LabMachineError } from '../src/lib/lab/lab-machine-error.ts';
import type { ShippedReadyState } from '../src/lib/lab/shipped-ready-state.ts';
import type { SavedMachine, StateCache } from '../src/lib/lab/state-cache.ts';
import type { LabUnsupported } from '../src/lib/lab/lab-support.ts';
import type { MachineFailure } from '../src/lib/lab/worker-messages.ts';

/** A fake state's first byte: where the guest was when it was saved. */
const SHELL_STATE = 2;

/**
 * A stand-in for the v86 guest (jsdom cannot run it): it answers the setup handshake with @bastion/labs' markers,
 * then plays a shell that knows the files of the spec it was sent (`ls -l`, `cat`) and its terminal's size (`stty
 * size`); its control port answers the control daemon's commands. A state saved at the shell's prompt restores
 * into that shell, as a lab's own state does.
 */
export class FakeGuest implements LabMachine {
  readonly sent: string[] = [];
  readonly boots: BootSource['kind'][] = [];
  /** The control commands the guest applied, as lines without their ids: `size 24 80`, `clock …`. */
  readonly controls: string[] = [];
  restores = 0;
  saves = 0;
  stopped = false;
  /** What the page asked to fetch, and whether the learner's shell ran by then. */
  readonly prefetches: { paths: readonly string[]; atPrompt: boolean }[] = [];
  size: TerminalSize | null = null;
  private listeners = new Set<(text: string) => void>();
  private controlListeners = new Set<(text: string) => void>();
  private activityListeners = new Set<(sample: MachineActivity) => void>();
  private input = '';
  private mode: 'waiting' | 'setup' | 'shell' = 'waiting';
  private setupLines: string[] = [];
  /** The setup scripts the guest received, decoded. */
  readonly setups: string[] = [];
  private readonly prompt = '$ ';

  constructor(
    private readonly failure: MachineFailure | null = null,
    private readonly files: Record<string, string> = {},
  ) {}

  prefetch(paths: readonly string[]) {
    this.prefetches.push({ paths, atPrompt: this.mode === 'shell' });
  }

  async boot(source: BootSource, onProgress?: (loaded: number) => void) {
    this.boots.push(source.kind);
    if (this.failure) throw new LabMachineError(this.failure, `fake ${this.failure} failure`);
    if (source.kind === 'image') {
      onProgress?.(12_000_000);
      await Promise.resolve();
      setTimeout(() => this.print(`Linux booting…\r\n${labMarkers.ready}\r\n`), 0);
      this.mode = 'waiting';
    } else {
      this.load(source.state);
    }
  }

  send(text: string) {
    this.sent.push(text);
    this.input += text;
    for (let end = this.input.search(/[\r\n]/); end !== -1; end = this.input.search(/[\r\n]/)) {
      const line = this.input.slice(0, end);
      this.input = this.input.slice(end + 1);
      this.line(line);
    }
  }

  onOutput(listener: (text: string) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  sendControl(text: string) {
    for (const line of text.split('\n').filter(Boolean)) {
      const [id, what, a, b] = line.split(' ');
      if (what === 'size') this.size = { rows: Number(a), columns: Number(b) };
      this.controls.push([what, a, b].filter(Boolean).join(' '));
      setTimeout(() => this.controlListeners.forEach((listener) => listener(`${id} done\r\n`)), 0);
    }
  }

  onControlOutput(listener: (text: string) => void) {
    this.controlListeners.add(listener);
    return () => {
      this.controlListeners.delete(listener);
    };
  }

  onActivity(listener: (sample: MachineActivity) => void) {
    this.activityListeners.add(listener);
    return () => {
      this.activityListeners.delete(listener);
    };
  }

  /** Reports a sample of activity, as a machine does twice a second (tests drive it). */
  report(sample: Partial<MachineActivity>) {
    const full = machineSample(sample);
    for (const listener of this.activityListeners) listener(full);
  }

  async saveState() {
    this.saves++;
    return new Uint8Array([this.mode === 'shell' ? SHELL_STATE : 1]).buffer;
  }

  async restoreState(state: ArrayBuffer) {
    this.restores++;
    this.load(state);
  }

  stop() {
    this.stopped = true;
  }

  private load(state: ArrayBuffer) {
    this.mode = new Uint8Array(state)[0] === SHELL_STATE ? 'shell' : 'waiting';
    this.input = '';
  }

  private print(text: string) {
    for (const listener of this.listeners) listener(text);
  }

  private line(line: string) {
    if (this.mode === 'waiting') {
      if (line === labMarkers.ping) this.print(`${labMarkers.ready}\r\n`);
      if (line === labMarkers.setup) {
        this.mode = 'setup';
        this.setupLines = [];
      }
    } else if (this.mode === 'setup') {
      if (line !== labMarkers.end) return void this.setupLines.push(line);
      const script = atob(this.setupLines.join(''));
      this.applySetup(script);
      // The stages the script announces, as its `echo` lines print them.
      for (const [, stage] of script.matchAll(new RegExp(`^echo '(${labMarkers.stage} \\S+)'$`, 'gm')))
        this.print(`${stage}\r\n`);
      this.mode = 'shell';
      this.print(`${labMarkers.started}\r\n${this.prompt}`);
    } else if (line !== '') {
      this.print(`${line}\r\n${this.run(line)}${this.prompt}`);
    } else {
      this.print(`\r\n${this.prompt}`);
    }
  }

  private applySetup(script: string) {
    this.setups.push(script);
    const size = /stty cols (\d+) rows (\d+)/.exec(script);
    if (size) this.size = { columns: Number(size[1]), rows: Number(size[2]) };
  }

  private run(line: string): string {
    const [command, ...args] = line.trim().split(/\s+/);
    const names = Object.keys(this.files);
    if (command === 'ls')
      return `total ${names.length}\r\n${names.map((path) => `-rw-r--r-- 1 ${path}`).join('\r\n')}\r\n`;
    if (command === 'cat') {
      return args.map((path) => (this.files[path] ?? `cat: ${path}: No such file\n`).replace(/\n/g, '\r\n')).join('');
    }
    if (command === 'stty' && args[0] === 'size') return `${this.size?.rows ?? 0} ${this.size?.columns ?? 0}\r\n`;
    return `bash: ${command}: command not found\r\n`;
  }
}

/** A state cache in memory. */
export function memoryStateCache(initial: Record<string, SavedMachine> = {}): StateCache & {
  puts: string[];
  entries: Map<string, SavedMachine>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    puts: [],
    entries,
    async get(key) {
      const saved = entries.get(key);
      return saved ? { state: saved.state.slice(0), session: saved.session } : null;
    },
    async put(key, saved) {
      this.puts.push(key);
      entries.set(key, saved);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

export interface FakeLab {
  environment: LabEnvironment;
  machines: FakeGuest[];
  cache: ReturnType<typeof memoryStateCache>;
}

/** A saved ready state for `cachedStates`: the guest waiting for its setup. */
export const fakeReadyState = (): SavedMachine => ({ state: new Uint8Array([1]).buffer, session: '' });

/** The site's shipped ready state, as a fake guest restores it; `fetches` counts its downloads. */
export function fakeShippedReadyState(available = true): ShippedReadyState & { fetches: number } {
  const bytes = 13_000_000;
  return {
    bytes,
    fetches: 0,
    async fetch(onProgress) {
      this.fetches++;
      if (!available) throw new DownloadError('fake: HTTP 404');
      onProgress(bytes / 2);
      onProgress(bytes);
      return fakeReadyState().state;
    },
  };
}

/**
 * A lab environment whose machines are fake guests; `failures` are handed to the machines created first. It ships
 * no ready state unless given one, so a first start boots cold.
 */
export function fakeLab({
  cachedStates = {},
  unsupported = null,
  failures = [],
  files = {},
  shippedReadyState = null,
}: {
  cachedStates?: Record<string, SavedMachine>;
  shippedReadyState?: ShippedReadyState | null;
  unsupported?: LabUnsupported | null;
  failures?: MachineFailure[];
  /** What the fake shell's ls and cat find. */
  files?: Record<string, string>;
} = {}): FakeLab {
  const machines: FakeGuest[] = [];
  const cache = memoryStateCache(cachedStates);
  return {
    machines,
    cache,
    environment: {
      createMachine: () => {
        const machine = new FakeGuest(failures[machines.length] ?? null, files);
        machines.push(machine);
        return machine;
      },
      cache,
      shippedReadyState,
      unsupported: () => Promise.resolve(unsupported),
    },
  };
}
