import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabSpec } from '../lab-spec.ts';
import {
  labEnvironment,
  localReplayVerdictsFile,
  openReplayVerdicts,
  recordingKey,
  shippedReplayVerdictsFile,
  type LabEnvironmentParts,
} from './replay-cache.ts';
import { replayInput, replayRecordings, type Recording, type ReplayRunner } from './replay-recordings.ts';

const spec: LabSpec = {
  hostname: 'web01',
  user: 'student',
  cwd: '/home/student',
  files: [{ path: '/home/student/a.bin', content: new Uint8Array([1, 2, 3]), owner: 'student', mode: '0644' }],
};

function recording(name: string, output = name): Recording {
  return {
    file: `courses/c/01-m/${name}.quiz.yaml`,
    line: 3,
    spec: { ...spec, hostname: name },
    entries: [{ command: `echo ${name}`, output, line: 4 }],
    solutions: [],
    probes: [],
  };
}

/** A runner whose commands print their own echo argument, and which records every lab it set up. */
function echoRunner(): ReplayRunner & { labs: string[] } {
  const labs: string[] = [];
  return {
    labs,
    reset: async () => undefined,
    provision: async (lab: LabSpec) => void labs.push(lab.hostname),
    run: async (command: string) => `${command.replace(/^echo /, '')}\n`,
  };
}

describe('recordingKey', () => {
  it('is the same for the same input, and differs with the environment or the input', () => {
    const input = { setup: 'set -eu', entries: [{ command: 'ls', output: 'a.bin' }] };
    const key = recordingKey('env-1', input);
    expect(recordingKey('env-1', structuredClone(input))).toBe(key);
    expect(recordingKey('env-2', input)).not.toBe(key);
    expect(recordingKey('env-1', { ...input, setup: 'set -e' })).not.toBe(key);
  });
});

describe('replayInput', () => {
  const keyOf = async (lab: Recording) => recordingKey('env-1', await replayInput(lab));

  it('is what the guest is sent, the same on every call though the delivered files get new names', async () => {
    const lab = recording('one');
    const input = (await replayInput(lab)) as { setup: string; files: [string, string][] };
    expect(input.setup).toBe('. /file\n');
    const [name, script] = input.files[0]!;
    expect(name).toBe('file');
    expect(script).toContain("echo 'one' > /etc/hostname");
    expect(script).not.toMatch(/\.lab-setup-[0-9a-f]{16}/);
    expect(await keyOf(lab)).toBe(await keyOf(structuredClone(lab)));
  });

  it("changes with a file's byte, a recorded output, a solution or an accepted answer, and not with line numbers", async () => {
    const lab = recording('one');
    const key = await keyOf(lab);
    const file = { ...spec.files[0]!, content: new Uint8Array([1, 2, 4]) };
    expect(await keyOf({ ...lab, spec: { ...lab.spec, files: [file] } })).not.toBe(key);
    expect(await keyOf({ ...lab, entries: [{ ...lab.entries[0]!, output: 'other' }] })).not.toBe(key);
    const solution = { label: 's', commands: 'ls', answers: ['a.bin'], caseSensitive: false, line: 9 };
    const solved = await keyOf({ ...lab, solutions: [solution] });
    expect(solved).not.toBe(key);
    expect(await keyOf({ ...lab, solutions: [{ ...solution, answers: ['b.bin'] }] })).not.toBe(solved);
    expect(await keyOf({ ...lab, line: 30, entries: [{ ...lab.entries[0]!, line: 31 }] })).toBe(key);
  });

  it("holds a sealed part's bytes, which the script only names", async () => {
    const sealed = { ...recording('one'), spec: { ...spec, sealed: { salt: '00', data: 'AAEC' } } };
    const key = await keyOf(sealed);
    expect(await keyOf({ ...sealed, spec: { ...sealed.spec, sealed: { salt: '00', data: 'AAED' } } })).not.toBe(key);
  });
});

describe('labEnvironment', () => {
  const parts: LabEnvironmentParts = {
    manifest: '{"files":[]}',
    v86Version: '0.5.1',
    machine: 'memory 1',
    readyState: 'ab',
    protocol: '{}',
  };

  it('is a digest of the image, the emulator, the machine, its ready state and the protocol, and of nothing else', async () => {
    const environment = await labEnvironment(parts);
    expect(environment).toMatch(/^[0-9a-f]{64}$/);
    expect(await labEnvironment({ ...parts })).toBe(environment);
    for (const change of [
      { manifest: '{"files":[1]}' },
      { v86Version: '0.5.2' },
      { machine: 'memory 2' },
      { readyState: null },
      { protocol: '{"a":1}' },
    ]) {
      expect(await labEnvironment({ ...parts, ...change })).not.toBe(environment);
    }
  });

  it("is this checkout's, the same on every call", async () => {
    const environment = await labEnvironment();
    expect(environment).toMatch(/^[0-9a-f]{64}$/);
    expect(await labEnvironment()).toBe(environment);
  });
});

describe('where verdicts are kept', () => {
  it("keeps another folder's verdicts on this machine, out of the folder, one file per folder", () => {
    const one = localReplayVerdictsFile('/srv/content');
    expect(one).toContain(`${path.sep}node_modules${path.sep}.cache${path.sep}`);
    expect(one.startsWith('/srv/content')).toBe(false);
    expect(localReplayVerdictsFile('/srv/content/')).toBe(one);
    expect(localReplayVerdictsFile('/srv/other')).not.toBe(one);
    expect(path.basename(path.dirname(shippedReplayVerdictsFile))).toBe('labs');
  });
});

describe('replayRecordings with earlier verdicts', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-replay-cache-'));
    file = path.join(dir, 'replay-verdicts.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const replay = async (recordings: Recording[], recheck: number | undefined, environment = 'env-1') => {
    const runner = echoRunner();
    const verdicts = await openReplayVerdicts(file, environment);
    const report = await replayRecordings(runner, recordings, { verdicts, environment, recheck });
    return { report, labs: runner.labs };
  };

  it('replays only what changed since a clean run, and a few of the rest chosen anew', async () => {
    const labs = ['one', 'two', 'three', 'four'].map((name) => recording(name));
    const first = await replay(labs, 2);
    expect(first.labs).toEqual(['one', 'two', 'three', 'four']);
    expect(first.report.cached).toBe(0);

    const changed = [...labs.slice(0, 3), recording('four', 'four, recorded again')];
    const second = await replay(changed, 0);
    expect(second.labs).toEqual(['four']);
    expect(second.report.problems).toHaveLength(1);
    expect(second.report.cached).toBe(3);

    // Three passed before: one of them, by default, is replayed again; the failing one always is.
    const third = await replay(changed, undefined);
    expect(third.labs).toHaveLength(2);
    expect(third.labs).toContain('four');
    expect(third.report.cached).toBe(2);

    const fourth = await replay(changed, 2);
    expect(fourth.labs).toHaveLength(3);
    expect(fourth.report.cached).toBe(1);
  });

  it('forgets a verdict a recheck no longer confirms, and every verdict of another environment', async () => {
    await replay([recording('one')], 0);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { passed: string[] };
    expect(stored.passed).toHaveLength(1);

    const elsewhere = await replay([recording('one')], 0, 'env-2');
    expect(elsewhere.labs).toEqual(['one']);

    // The verdict file claims a lab passed whose recording the lab does not print: the recheck finds it out.
    const wrong = recording('two', 'not what the lab prints');
    const forged = JSON.stringify({
      environment: 'env-1',
      passed: [recordingKey('env-1', await replayInput(wrong))],
    });
    await writeFile(file, forged);
    const recheck = await replay([wrong], 1);
    expect(recheck.labs).toEqual(['two']);
    expect(recheck.report.problems).toHaveLength(1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ environment: 'env-1', passed: [] });
  });

  it('starts afresh from a missing or unreadable file', async () => {
    await writeFile(file, '{ not json');
    const { labs, report } = await replay([recording('one')], 0);
    expect(labs).toEqual(['one']);
    expect(report.cached).toBe(0);
  });
});
