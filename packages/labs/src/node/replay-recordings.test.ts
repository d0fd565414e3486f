import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '@bastion/content';
import { quizYaml, sampleFolder, TempFolders } from '@bastion/content/testing';
import { recordingsOf } from './replay-recordings.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

describe('recordingsOf', () => {
  it("sets a quiz's recording up in the lab the web app starts for it, at the replay's terminal size", async () => {
    const files = sampleFolder('rec');
    files['courses/rec-course/01-rec-basics/02-check.quiz.yaml'] = quizYaml(
      'Check',
      '42',
      [
        'terminal:',
        '  hostname: web01',
        '  user: student',
        '  cwd: /srv/app',
        '  clock: 2025-03-10T12:00:00Z',
        '  entries:',
        '    - { command: ls, output: db.env }',
        '  files:',
        '    /srv/app/notes.txt: "hi\\n"',
        '    /srv/app/db.env: { content: "PORT=42\\n", owner: app, mode: "0640", mtime: 2025-03-03T09:40:00Z }',
        '    /srv/app/data.gz: { base64: "H4sIAA==" }',
        '    /srv/app/static: { directory: true, group: www-data }',
        '    /srv/app/reader: { copy_of: /usr/bin/cat, owner: root, mode: "4755" }',
        '',
      ].join('\n'),
    );
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const [recording] = await recordingsOf(content, root);
    expect(recording?.spec).toEqual({
      hostname: 'web01',
      user: 'student',
      cwd: '/srv/app',
      clock: '2025-03-10T12:00:00Z',
      columns: 80,
      rows: 24,
      files: [
        { path: '/srv/app/notes.txt', content: 'hi\n', owner: 'student', group: 'student', mode: '0644' },
        {
          path: '/srv/app/db.env',
          content: 'PORT=42\n',
          owner: 'app',
          group: 'app',
          mode: '0640',
          mtime: '2025-03-03T09:40:00Z',
        },
        {
          path: '/srv/app/data.gz',
          content: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
          owner: 'student',
          group: 'student',
          mode: '0644',
        },
        { path: '/srv/app/static', directory: true, owner: 'student', group: 'www-data', mode: '0755' },
        { path: '/srv/app/reader', copyOf: '/usr/bin/cat', owner: 'root', group: 'root', mode: '4755' },
      ],
    });
  });
});
