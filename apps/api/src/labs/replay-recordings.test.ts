import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizYaml, sampleFolder, TempFolders } from '../../test/content-fixtures.ts';
import { loadContent } from '../modules/content/load-content.ts';
import { LabMachine } from './lab-machine.ts';
import { recordingsOf, replayRecordings } from './replay-recordings.ts';

const bootTimeoutMs = 180_000;
const shippedContent = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../content');
const folders = new TempFolders();

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

describe('replaying recorded sessions in the real lab image', () => {
  let machine: LabMachine;

  beforeAll(async () => {
    machine = (await LabMachine.boot(bootTimeoutMs)).machine;
  }, bootTimeoutMs + 10_000);

  afterAll(async () => {
    await machine?.destroy();
    await folders.cleanup();
  });

  it('reports an entry the lab prints differently at its file and line, with a diff, and skips not_replayed entries', async () => {
    const files = sampleFolder('rec');
    const quizFile = 'courses/rec-course/01-rec-basics/02-check.quiz.yaml';
    files[quizFile] = recordedQuiz;
    const { content, problems } = await loadContent(await folders.create(files));
    expect(problems).toEqual([]);

    const report = await replayRecordings(machine, recordingsOf(content));
    expect(report).toMatchObject({ labs: 1, replayed: 2, notReplayed: 1 });
    expect(report.problems).toEqual([
      {
        file: quizFile,
        line: recordedQuiz.split('\n').indexOf('    - command: cat db.env') + 1,
        message:
          'terminal.entries.1: the lab prints something else for `cat db.env` (- recorded, + lab):\n    + PORT=42\n    - PORT=5432',
      },
    ]);
  }, 60_000);

  it('replays every recorded session of the shipped curriculum as it was recorded', async () => {
    const { content, problems } = await loadContent(shippedContent);
    expect(problems).toEqual([]);
    const report = await replayRecordings(machine, recordingsOf(content));
    console.info(`replayed ${report.replayed} entries in ${report.labs} labs in ${report.ms} ms`);
    expect(report.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
    expect(report.replayed).toBeGreaterThan(20);
  }, 150_000);
});
