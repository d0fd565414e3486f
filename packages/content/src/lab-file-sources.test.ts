import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from './load-content.ts';

let dir: string;

/** A course whose one quiz's lab takes its files from `files` (YAML lines under `files:`). */
async function folderWithQuizFiles(files: string[]): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'content-sources-'));
  const moduleDir = path.join(dir, 'courses', 'web', '01-web-basics');
  await mkdir(moduleDir, { recursive: true });
  await mkdir(path.join(dir, 'targets', 'shop'), { recursive: true });
  await writeFile(path.join(dir, 'targets', 'shop', 'app.py'), 'print("shop")\n');
  await writeFile(path.join(dir, 'targets', 'shop', 'logo.bin'), Buffer.from([0x89, 0x50, 0x00, 0xff]));
  await writeFile(
    path.join(dir, 'courses', 'web', 'course.yaml'),
    'title: Web\nsummary: S\ndescription: D\ndifficulty: easy\naccess: free\n',
  );
  await writeFile(path.join(moduleDir, 'module.yaml'), 'title: M\nsummary: S\ndifficulty: easy\naccess: free\n');
  await writeFile(
    path.join(moduleDir, '01-shop.quiz.yaml'),
    [
      'title: Q',
      'question: Q?',
      'answer: a',
      'terminal:',
      '  hostname: lab',
      '  user: student',
      '  cwd: /home/student',
      '  files:',
      ...files.map((line) => `    ${line}`),
      '',
    ].join('\n'),
  );
  return dir;
}

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a lab file taken from the content folder (source:)', () => {
  it('is read relative to the quiz file: text as its content, bytes as base64, attributes kept', async () => {
    const { content, problems } = await loadContent(
      await folderWithQuizFiles([
        '/srv/shop/app.py: { source: ../../../targets/shop/app.py, owner: www-data, mode: "0640" }',
        '/srv/shop/logo.bin: { source: ../../../targets/shop/logo.bin }',
      ]),
    );
    expect(problems).toEqual([]);
    const quiz = content.courses[0]!.modules[0]!.items[0]!;
    expect(quiz.type === 'quiz' && quiz.terminal?.files).toEqual({
      '/srv/shop/app.py': { content: 'print("shop")\n', owner: 'www-data', mode: '0640' },
      '/srv/shop/logo.bin': { base64: Buffer.from([0x89, 0x50, 0x00, 0xff]).toString('base64') },
    });
  });

  it('is refused on its line when it is missing or outside the content folder, and the quiz is left out', async () => {
    const { content, problems } = await loadContent(
      await folderWithQuizFiles([
        '/srv/a: { source: ../../../targets/shop/nothing.py }',
        '/srv/b: { source: ../../../../../etc/passwd }',
      ]),
    );
    expect(problems).toEqual([
      { file: 'courses/web/01-web-basics/01-shop.quiz.yaml', line: 9, message: expect.stringMatching(/nothing\.py does not exist/) },
      { file: 'courses/web/01-web-basics/01-shop.quiz.yaml', line: 10, message: expect.stringMatching(/is outside the content folder/) },
    ]);
    expect(content.courses[0]?.modules[0]?.items ?? []).toEqual([]);
  });
});
