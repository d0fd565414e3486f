import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContent } from '@bastion/content';
import { quizYaml, sampleFolder, TempFolders } from '@bastion/content/testing';
import { LabRunner } from './lab-runner.ts';
import { recordingsOf, replayRecordings } from './replay-recordings.ts';

const folders = new TempFolders();
/**
 * The probe test sets up and probes seven labs one after another: on a machine whose system calls are slow, beside
 * CI's browser lane, that took longer than the project's five minutes. Like that limit, this one only catches a hang.
 */
const PROBE_LIMIT = 600_000;

const recordedQuiz = quizYaml(
  'Check',
  '42',
  [
    'terminal:',
    '  hostname: lab',
    '  user: student',
    '  cwd: /srv/app',
    '  clock: 2025-03-10T12:00:00Z',
    '  entries:',
    '    - command: ls -l',
    '      output: |',
    '        total 4',
    '        -rw-rw-r-- 1 app www-data 8 Mar  3 09:40 db.env',
    '    - command: cat db.env',
    '      output: PORT=5432', // wrong: the file says 42
    '    - command: nmap -p 22 10.0.0.5',
    '      output: 22/tcp open ssh',
    '      not_replayed: nmap is not in the lab image',
    '  files:',
    '    /srv/app/db.env: { content: "PORT=42\\n", owner: app, group: www-data, mode: "0664", mtime: 2025-03-03T09:40:00Z }',
    '',
  ].join('\n'),
);

/** One boot for the whole file: a cold boot is the slow part (15–60 s on a loaded machine), a reset takes 0.3 s. */
let lab: LabRunner;

beforeAll(async () => {
  lab = await LabRunner.ready();
});

afterAll(async () => {
  await lab?.destroy();
  await folders.cleanup();
});

describe('the lab image in v86 under Node', () => {
  it('runs the real GNU and Debian tools as the learner', async () => {
    await lab.provision({ hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner', files: [] });
    expect(await lab.run('id -un; pwd; hostname')).toBe('learner\n/home/learner\nbastion-lab\n');
    expect(await lab.run('uname -m')).toBe('i686\n');
    expect(await lab.run('ls -l /etc/passwd | cut -c1-10')).toBe('-rw-r--r--\n');
    expect(await lab.run(`python3 -c 'import hashlib;print(hashlib.sha256(b"x").hexdigest())'`)).toBe(
      '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881\n',
    );
    expect(await lab.run(`python3 -c 'import json, hmac, base64; print(json.dumps({"a": 1}))'`)).toBe('{"a": 1}\n');
    expect(await lab.run('echo hi | base64')).toBe('aGkK\n');
    expect(await lab.run(`printf '\\x41' | xxd -p`)).toBe('41\n');
    // No network adapter: the guest has nothing but loopback to talk through.
    expect(await lab.run('ls /sys/class/net')).toBe('lo\n');
  });

  it('comes up as the lab says: user, host, directory, clock, and files with their owners, modes and times', async () => {
    await lab.reset();
    await lab.provision({
      hostname: 'web01',
      user: 'student',
      cwd: '/srv/app',
      clock: '2025-03-10T12:00:00Z',
      columns: 100,
      rows: 30,
      files: [
        {
          path: '/srv/app/db.env',
          content: 'DB_USER=app\n',
          owner: 'app',
          group: 'app',
          mode: '0640',
          mtime: '2025-03-03T09:40:00Z',
        },
        {
          path: '/srv/app/run.sh',
          content: '#!/bin/sh\necho ran\n',
          owner: 'app',
          mode: '0755',
          mtime: '2025-03-03T09:41:00Z',
        },
        {
          path: '/srv/app/static',
          directory: true,
          owner: 'app',
          group: 'www-data',
          mode: '0750',
          mtime: '2025-03-03T09:38:00Z',
        },
        {
          path: '/usr/local/bin/backup',
          content: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 255]),
          mode: '4755',
          owner: 'root',
          group: 'root',
        },
        { path: '/home/student/notes/todo.txt', content: 'fix it\n' },
      ],
    });
    expect(await lab.run('id; pwd; hostname; stty size')).toBe(
      'uid=1000(student) gid=1000(student) groups=1000(student)\n/srv/app\nweb01\n30 100\n',
    );
    expect(await lab.run('TZ=UTC ls -l --time-style=+%FT%R')).toBe(
      [
        'total 8',
        '-rw-r----- 1 app app      12 2025-03-03T09:40 db.env',
        '-rwxr-xr-x 1 app app      19 2025-03-03T09:41 run.sh',
        'drwxr-x--- 2 app www-data 40 2025-03-03T09:38 static',
        '',
      ].join('\n'),
    );
    // 0640 and app's: the learner is neither, so the mode is real.
    expect(await lab.run('cat db.env 2>&1; ./run.sh')).toBe('cat: db.env: Permission denied\nran\n');
    expect(await lab.run('stat -c "%A %U %G %s" /usr/local/bin/backup ~/notes ~/notes/todo.txt')).toBe(
      '-rwsr-xr-x root root 6\ndrwxr-xr-x student student 60\n-rw-r--r-- student student 7\n',
    );
    expect(await lab.run('date -u +%F')).toBe('2025-03-10\n');
    // app, a person of the lab (uid 1001), has a home of its own; www-data, a system account, none; and the image's
    // own account is gone with its home.
    expect(await lab.run('stat -c "%A %U %n" /home/*')).toBe(
      'drwxr-xr-x app /home/app\ndrwxr-xr-x student /home/student\n',
    );
  });

  it('writes bytes as given, copies a file of the image, and changes an image file in place', async () => {
    await lab.reset();
    await lab.provision({
      hostname: 'lab',
      user: 'student',
      cwd: '/home/student',
      files: [
        { path: '/home/student/data.gz', content: gzipSync('level two\n') },
        { path: '/home/level2/secret', content: 'swordfish\n', owner: 'level2', mode: '0400' },
        { path: '/home/student/reader', copyOf: '/usr/bin/cat', owner: 'level2', mode: '4755' },
        { path: '/usr/bin/find', copyOf: '/usr/bin/find', owner: 'root', mode: '4755' },
      ],
    });
    expect(await lab.run('zcat data.gz; cat /home/level2/secret 2>&1; ./reader /home/level2/secret')).toBe(
      'level two\ncat: /home/level2/secret: Permission denied\nswordfish\n',
    );
    expect(await lab.run('stat -c "%A %U" reader /usr/bin/find; find --version | head -1')).toBe(
      '-rwsr-xr-x level2\n-rwsr-xr-x root\nfind (GNU findutils) 4.9.0\n',
    );
  });

  it('starts a second runner from the ready state, as a working machine', async () => {
    const started = performance.now();
    const second = await LabRunner.ready();
    try {
      await second.provision({ hostname: 'again', user: 'learner', cwd: '/home/learner', files: [] });
      expect(await second.run('hostname; id -un')).toBe('again\nlearner\n');
      console.info(`a runner from the ready state: a prompt after ${Math.round(performance.now() - started)} ms`);
    } finally {
      await second.destroy();
    }
  });

  it("keeps the guest's clock running when a machine is restored a second time", async () => {
    // A fresh machine restored from the shipped state, which a build saved after booting for 15 s or more: v86's
    // second restore in the same machine used to set the guest's time-stamp counter back by that much, and the guest
    // kept its time still (timers, `sleep`, the handshake's read timeout) until the counter caught up.
    const fresh = await LabRunner.ready();
    try {
      await fresh.provision({ hostname: 'clock', user: 'learner', cwd: '/home/learner', files: [] });
      const state = await fresh.labMachine.saveState();
      await fresh.labMachine.restoreState(state);
      const uptime = async () => Number((await fresh.run('cut -d" " -f1 /proc/uptime')).trim());
      const before = await uptime();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await uptime()).toBeGreaterThan(before + 1);
      expect(await fresh.run('timeout 5 sleep 0.5 && echo slept')).toBe('slept\n');
    } finally {
      await fresh.destroy();
    }
  });

  it("compiles the guest's code a page at a time (emulator-core.ts)", () => {
    type Core = { v86: { cpu: { wm: { exports: { get_jit_config(index: number): number } } } } };
    const core = (lab.labMachine as unknown as { emulator: Core }).emulator;
    expect(core.v86.cpu.wm.exports.get_jit_config(1)).toBe(1);
  });

  it('forgets a lab on reset', async () => {
    await lab.reset();
    await lab.provision({ hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner', files: [] });
    expect(await lab.run('ls /srv/app 2>&1; grep -c student /etc/passwd')).toBe(
      "ls: cannot access '/srv/app': No such file or directory\n0\n",
    );
  });
  it('waits on a timer, not in a spin, while the guest idles at its prompt', async () => {
    await lab.reset();
    await lab.provision({ hostname: 'bastion-lab', user: 'learner', cwd: '/home/learner', files: [] });
    // The guest's 250 Hz tick: v86 would re-run at once, again and again, through the millisecond before each one.
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(immediate.mock.calls.length).toBeLessThan(25);
    } finally {
      immediate.mockRestore();
    }
    expect(await lab.run('echo awake')).toBe('awake\n');
  });
});

describe('replaying recorded sessions in the real lab image', () => {
  it('reports an entry the lab prints differently at its file and line, with a diff, and skips not_replayed entries', async () => {
    const files = sampleFolder('rec');
    const quizFile = 'courses/rec-course/01-rec-basics/02-check.quiz.yaml';
    files[quizFile] = recordedQuiz;
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const report = await replayRecordings(lab, await recordingsOf(content, root));
    expect(report).toMatchObject({ labs: 1, replayed: 2, notReplayed: 1 });
    expect(report.problems).toEqual([
      {
        file: quizFile,
        line: recordedQuiz.split('\n').indexOf('    - command: cat db.env') + 1,
        message:
          'terminal.entries.1: the lab prints something else for `cat db.env` (- recorded, + lab):\n    + PORT=42\n    - PORT=5432',
      },
    ]);
  });

  it("runs a quiz's solution in its lab and reports one whose last line is not an accepted answer", async () => {
    const quiz = (answer: string) =>
      quizYaml(
        'Level',
        answer,
        [
          'terminal:',
          '  hostname: lab',
          '  user: student',
          '  cwd: /home/student',
          '  solution: |',
          '    for f in inhere/*; do file "$f"; done | grep text | cut -d: -f1 |',
          '      xargs cat',
          '  files:',
          '    /home/student/inhere/-file00: { base64: "AAECAw==" }',
          '    /home/student/inhere/-file01: "koReIs4S\\n"',
          '',
        ].join('\n'),
      );
    const files = sampleFolder('sol');
    files['courses/sol-course/01-sol-basics/03-right.quiz.yaml'] =
      `answer_visible: finding the readable file is the level\n${quiz('koReIs4S')}`;
    files['courses/sol-course/01-sol-basics/04-wrong.quiz.yaml'] = quiz('swordfish');
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const report = await replayRecordings(lab, await recordingsOf(content, root));
    expect(report).toMatchObject({ labs: 2, solved: 1 });
    expect(report.problems).toEqual([
      {
        file: 'courses/sol-course/01-sol-basics/04-wrong.quiz.yaml',
        line: files['courses/sol-course/01-sol-basics/04-wrong.quiz.yaml']!.split('\n').indexOf('  solution: |') + 1,
        message: 'terminal.solution: its last line in the lab is "koReIs4S", not an accepted answer ("swordfish")',
      },
    ]);
  });

  it('gives up on a command that waits for input once the guest idles, with no deadline, and says so', async () => {
    const files = sampleFolder('wait');
    const quizFile = 'courses/wait-course/01-wait-basics/02-check.quiz.yaml';
    files[quizFile] = quizYaml(
      'Wait',
      '42',
      [
        'terminal:',
        '  hostname: lab',
        '  user: student',
        '  cwd: /home/student',
        '  entries:',
        '    - { command: read answer, output: "" }',
        '',
      ].join('\n'),
    );
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const report = await replayRecordings(lab, await recordingsOf(content, root));
    expect(report.problems).toEqual([
      {
        file: quizFile,
        line: files[quizFile]!.split('\n').indexOf('    - { command: read answer, output: "" }') + 1,
        message: expect.stringContaining(
          '`read answer` did not finish in the lab: the guest sat idle for 30 s, waiting for input (a command that waits for input cannot be replayed: mark it not_replayed)',
        ),
      },
    ]);
  });

  it("solves a challenge's steps in a lab holding its attachments, reporting a step whose solution prints no answer", async () => {
    const step = (answer: string, solution: string) =>
      `  - title: S\n    question: Q?\n    answer: ${answer}\n    points: 10\n    hint: H.\n    hint_cost: 0\n    solution: ${solution}\n`;
    const files: Record<string, string> = sampleFolder('chal');
    files['challenges/chal-challenge/files/auth.log'] = 'Failed password for root from 203.0.113.7\n';
    files['challenges/chal-challenge/challenge.yaml'] = [
      'title: Lab\nsummary: S.\ndescription: D.\ncategory: linux\ndifficulty: easy\naccess: free',
      'attachments:\n  - files/auth.log\nsteps:',
      `${step('203.0.113.7', "grep -o '[0-9.]*$' auth.log")}    answer_visible: reading the log is the step\n`,
      `${step('root', 'pwd')}    answer_visible: the log names the account\n`,
      `${step('learner', 'whoami')}    answer_visible: the account's own name\n`,
    ].join('\n');
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const report = await replayRecordings(lab, await recordingsOf(content, root));
    expect(report).toMatchObject({ labs: 1, solved: 2 });
    expect(report.problems).toEqual([
      {
        file: 'challenges/chal-challenge/challenge.yaml',
        line: files['challenges/chal-challenge/challenge.yaml']!.split('\n').indexOf('    answer: root') - 1,
        message: 'steps.1.solution: its last line in the lab is "/home/learner", not an accepted answer ("root")',
      },
    ]);
  });

  it(
    'probes the lab as the learner for every answer and secret, and reports only what lies open',
    async () => {
      const quiz = (answer: string, extra: string[], top = '') =>
        `${top}${quizYaml(
          'Probe',
          answer,
          ['terminal:', '  hostname: lab', '  user: student', '  cwd: /home/student', ...extra, ''].join('\n'),
        )}`;
      const keeper = [
        '  services:',
        "    # the secret is in the service's script and in its process's command line",
        '    - { name: keeper, user: www-data, cwd: /tmp, command: "exec sh -c \'sleep 999; :\' keeper open-sesame-99" }',
        '  files:',
        '    /root/flag.txt: { content: "open-sesame-99\\n", owner: root, mode: "0600" }',
      ];
      const files = sampleFolder('probe');
      const at = (name: string) => `courses/probe-course/01-probe-basics/${name}.quiz.yaml`;
      files[at('03-open')] = quiz('open-sesame-42', [
        '  files:',
        '    /home/student/notes.txt: "see open-sesame-42\\n"',
      ]);
      files[at('04-hidden')] = quiz('open-sesame-99', keeper);
      files[at('05-listed')] = quiz('open-sesame-99', ['  processes_visible: the lab teaches ps', ...keeper]);
      files[at('06-declared')] = quiz(
        'open-sesame-42',
        ['  files:', '    /home/student/notes.txt: "see open-sesame-42\\n"'],
        'answer_visible: reading notes is the skill\n',
      );
      // The file the technique leads to may hold the answer; any other place is a shortcut all the same.
      const twoFiles = [
        '  files:',
        '    /home/student/notes.txt: "see open-sesame-42\\n"',
        '    /home/student/found.txt: "open-sesame-42\\n"',
      ];
      files[at('07-at')] = quiz('open-sesame-42', twoFiles.slice(0, 2), 'answer_at: /home/student/notes.txt\n');
      files[at('08-also-elsewhere')] = quiz('open-sesame-42', twoFiles, 'answer_at: [/home/student/found.txt]\n');
      // A file the learner may read that holds their own secret travels sealed, with an old time: still probed.
      files[at('09-sealed')] = quiz('{{secret.flag}}', [
        '  secrets:',
        "    flag: { prefix: 'FLAG{', suffix: '}', length: 24 }",
        '  files:',
        '    /home/student/old.txt: { content: "{{secret.flag}}\\n", mtime: 2020-01-01T00:00:00Z }',
      ]);
      const root = await folders.create(files);
      const { content, problems } = await loadContent(root);
      expect(problems).toEqual([]);

      const report = await replayRecordings(lab, await recordingsOf(content, root));
      expect(report.problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
        `${at('03-open')}: answer: the learner's account reads "open-sesame-42" without the technique, in /home/student/notes.txt (hide it, name the file the technique leads to with answer_at, or declare answer_visible with the reason)`,
        expect.stringMatching(
          new RegExp(
            `^${at('05-listed')}: answer: the learner's account reads "open-sesame-99" without the technique, in /proc/\\d+/cmdline`,
          ),
        ),
        `${at('08-also-elsewhere')}: answer: the learner's account reads "open-sesame-42" without the technique, in /home/student/notes.txt (hide it, name the file the technique leads to with answer_at, or declare answer_visible with the reason)`,
        expect.stringMatching(
          new RegExp(
            `^${at('09-sealed')}: answer: the learner's account reads "FLAG\\{\\w+\\}" without the technique, in /home/student/old\\.txt \\(`,
          ),
        ),
      ]);
    },
    PROBE_LIMIT,
  );
});
