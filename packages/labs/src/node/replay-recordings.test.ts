import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '@bastion/content';
import { challengeYaml, quizYaml, sampleFolder, TempFolders } from '@bastion/content/testing';
import { openSealedLab } from './lab-seal.ts';
import { recordingsOf } from './replay-recordings.ts';

const folders = new TempFolders();
afterAll(() => folders.cleanup());

describe('recordingsOf', () => {
  it("sets a quiz's recording up in the lab the web app starts for it, at the replay's terminal size, sealed as the web app receives it", async () => {
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
          path: '/srv/app/data.gz',
          content: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
          owner: 'student',
          group: 'student',
          mode: '0644',
        },
        { path: '/srv/app/static', directory: true, owner: 'student', group: 'www-data', mode: '0755' },
        { path: '/srv/app/reader', copyOf: '/usr/bin/cat', owner: 'root', group: 'root', mode: '4755' },
      ],
      // app's file, which the learner may not read, is in the sealed part, with its owner, mode and time.
      sealed: { salt: expect.stringMatching(/^[0-9a-f]{32}$/), data: expect.any(String), networked: false },
    });
    const sealed = openSealedLab(recording!.spec.sealed!);
    expect(sealed).toContain("printf '%s' 'PORT=42\n' > '/srv/app/db.env'");
    expect(sealed).toContain("chmod 0640 '/srv/app/db.env'");
  });

  it("sets a challenge's lab up with its attachments, its files, its network and its services (sealed)", async () => {
    const files = sampleFolder('chal');
    files['challenges/chal-challenge/brief.txt'] = 'find the shop\n';
    files['challenges/chal-challenge/challenge.yaml'] = challengeYaml(
      'Chal challenge',
      3,
      [
        'attachments: [brief.txt]',
        'lab:',
        '  network: { address: 10.10.0.5/24 }',
        '  hosts: [{ name: shop.lab.internal, address: 10.10.0.20 }]',
        '  services: [{ name: shop, user: www-data, command: python3 app.py, host: shop.lab.internal, ports: [80] }]',
        '  files:',
        '    /srv/shop/app.py: { source: brief.txt, owner: www-data, mode: "0640" }',
        '',
      ].join('\n'),
    ).replace('    hint_cost: 2\n', '    hint_cost: 2\n    solution: echo answer-1\n');
    const root = await folders.create(files);
    const { content, problems } = await loadContent(root);
    expect(problems).toEqual([]);

    const recording = (await recordingsOf(content, root)).find((r) => r.file.startsWith('challenges/'));
    expect(recording?.spec).toMatchObject({
      hostname: 'bastion-lab',
      user: 'learner',
      files: [{ path: '/home/learner/brief.txt', owner: 'learner', mode: '0644' }],
      sealed: { networked: true },
    });
    // The network is the learner's to discover: it travels sealed, with the services.
    expect(recording?.spec.network).toBeUndefined();
    expect(recording?.spec.hosts).toBeUndefined();
    expect(recording?.spec.services).toBeUndefined();
    const sealed = openSealedLab(recording!.spec.sealed!);
    expect(sealed).toContain("printf '%s' 'find the shop\n' > '/srv/shop/app.py'");
    expect(sealed).toMatch(/lab_sealed_services\(\) \{[^]*python3 app\.py/);
    expect(sealed).toMatch(/lab_sealed_network\(\) \{[^]*addr add 10\.10\.0\.20\/24 dev eth0/);
  });
});
