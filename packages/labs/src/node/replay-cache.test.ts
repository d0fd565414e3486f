import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabSpec } from '../lab-spec.ts';
import { openReplayVerdicts, recordingKey, labEnvironment } from './replay-cache.ts';
import { replayRecordings, type Recording, type ReplayRunner } from './replay-recordings.ts';

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
  const base = { spec, entries: [{ command: 'ls', output: 'a.bin', line: 1 }], solutions: [] };

  it('changes with the environment, a file byte, a recorded output or a solution, and only then', () => {
    const key = recordingKey('env-1', base);
    expect(recordingKey('env-1', structuredClone(base))).toBe(key);
    expect(recordingKey('env-2', base)).not.toBe(key);
    const otherByte = {
      ...base,
      spec: { ...spec, files: [{ ...spec.files[0]!, content: new Uint8Array([1, 2, 4]) }] },
    };
    expect(recordingKey('env-1', otherByte)).not.toBe(key);
    expect(recordingKey('env-1', { ...base, entries: [{ ...base.entries[0]!, output: 'b.bin' }] })).not.toBe(key);
    const solved = {
      ...base,
      solutions: [{ label: 's', commands: 'ls', answers: ['a'], caseSensitive: false, line: 2 }],
    };
    expect(recordingKey('env-1', solved)).not.toBe(key);
  });
});

describe('labEnvironment', () => {
  it('is a digest of the image, the emulator and the lab code, the same on every call', async () => {
    const environment = await labEnvironment();
    expect(environment).toMatch(/^[0-9a-f]{64}$/);
    expect(await labEnvironment()).toBe(environment);
  });
});

describe('replayRecordings with earlier verdicts', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bastion-replay-cache-'));
    file = path.join(dir, '.replay-cache.json');
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
      passed: [recordingKey('env-1', { spec: wrong.spec, entries: wrong.entries, solutions: wrong.solutions })],
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
