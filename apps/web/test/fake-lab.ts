import { labMarkers, type BootSource, type LabMachine } from '@bastion/labs';
import type { LabEnvironment } from '../src/components/lab/lab-environment.tsx';
import { LabMachineError } from '../src/lib/lab/lab-machine-error.ts';
import type { StateCache } from '../src/lib/lab/state-cache.ts';
import type { LabUnsupported } from '../src/lib/lab/lab-support.ts';
import type { MachineFailure } from '../src/lib/lab/worker-messages.ts';

/**
 * A stand-in for the v86 guest (jsdom cannot run it): it answers the setup handshake with @bastion/labs' markers,
 * then plays a shell that knows the files of the spec it was sent (`ls -l`, `cat`).
 */
export class FakeGuest implements LabMachine {
  readonly sent: string[] = [];
  readonly boots: BootSource['kind'][] = [];
  restores = 0;
  stopped = false;
  private listeners = new Set<(text: string) => void>();
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

  async boot(source: BootSource, onProgress?: (loaded: number) => void) {
    this.boots.push(source.kind);
    if (this.failure) throw new LabMachineError(this.failure, `fake ${this.failure} failure`);
    if (source.kind === 'image') {
      onProgress?.(12_000_000);
      await Promise.resolve();
      setTimeout(() => this.print(`Linux booting…\r\n${labMarkers.ready}\r\n`), 0);
    }
    this.mode = 'waiting';
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

  async saveState() {
    return new Uint8Array([1, 2, 3]).buffer;
  }

  async restoreState() {
    this.restores++;
    this.mode = 'waiting';
  }

  stop() {
    this.stopped = true;
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
      this.applySetup(atob(this.setupLines.join('')));
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
  }

  private run(line: string): string {
    const [command, ...args] = line.trim().split(/\s+/);
    const names = Object.keys(this.files);
    if (command === 'ls')
      return `total ${names.length}\r\n${names.map((path) => `-rw-r--r-- 1 ${path}`).join('\r\n')}\r\n`;
    if (command === 'cat') {
      return args.map((path) => (this.files[path] ?? `cat: ${path}: No such file\n`).replace(/\n/g, '\r\n')).join('');
    }
    return `bash: ${command}: command not found\r\n`;
  }
}

/** A state cache in memory. */
export function memoryStateCache(initial: ArrayBuffer | null = null): StateCache & { puts: number } {
  let stored = initial;
  return {
    puts: 0,
    async get() {
      return stored ? stored.slice(0) : null;
    },
    async put(_key, state) {
      this.puts++;
      stored = state;
    },
  };
}

export interface FakeLab {
  environment: LabEnvironment;
  machines: FakeGuest[];
  cache: ReturnType<typeof memoryStateCache>;
}

/** A lab environment whose machines are fake guests; `failures` are handed to the machines created first. */
export function fakeLab({
  cachedState = null,
  unsupported = null,
  failures = [],
  files = {},
}: {
  cachedState?: ArrayBuffer | null;
  unsupported?: LabUnsupported | null;
  failures?: MachineFailure[];
  /** What the fake shell's ls and cat find. */
  files?: Record<string, string>;
} = {}): FakeLab {
  const machines: FakeGuest[] = [];
  const cache = memoryStateCache(cachedState);
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
      unsupported: () => unsupported,
    },
  };
}
