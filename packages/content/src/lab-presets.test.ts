import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from './load-content.ts';

/** Every folder a test made, removed after it. */
const dirs: string[] = [];

const QUIZ = 'courses/web/01-web-basics/01-shop.quiz.yaml';

const shopPreset = [
  'network: { address: 10.10.0.5/24 }',
  'hosts:',
  '  - { name: shop.lab.internal, address: 10.10.0.20, aliases: [shop] }',
  'services:',
  '  - { name: shop, user: www-data, command: python3 -S serve.py, cwd: /srv/shop, host: shop.lab.internal, ports: [80] }',
  'files:',
  "  /srv/shop/serve.py: { source: ../common/serve.py, owner: www-data, mode: '0640' }",
  "  /srv/shop/app.py: { source: app.py, owner: www-data, mode: '0640' }",
];

/** A folder with the presets `shop` (and any given) and one quiz whose terminal ends with `terminal` (YAML lines). */
async function folder(terminal: string[], presets: Record<string, string[]> = {}, challenge?: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-presets-'));
  dirs.push(dir);
  const moduleDir = path.join(dir, 'courses', 'web', '01-web-basics');
  await mkdir(moduleDir, { recursive: true });
  await mkdir(path.join(dir, 'targets', 'common'), { recursive: true });
  await writeFile(path.join(dir, 'targets', 'common', 'serve.py'), 'print("serve")\n');
  for (const [name, lines] of Object.entries({ shop: shopPreset, ...presets })) {
    await mkdir(path.join(dir, 'targets', name), { recursive: true });
    await writeFile(path.join(dir, 'targets', name, 'app.py'), `print("${name}")\n`);
    await writeFile(path.join(dir, 'targets', name, 'preset.yaml'), lines.join('\n') + '\n');
  }
  await writeFile(
    path.join(dir, 'courses', 'web', 'course.yaml'),
    'title: Web\nsummary: S\ndescription: D\ndifficulty: easy\naccess: free\n',
  );
  await writeFile(path.join(moduleDir, 'module.yaml'), 'title: M\nsummary: S\ndifficulty: easy\naccess: free\n');
  const quiz = ['title: Q', 'question: Q?', 'answer: a', 'terminal:', '  hostname: kali', '  user: student'];
  await writeFile(path.join(dir, QUIZ), [...quiz, '  cwd: /home/student', ...terminal, ''].join('\n'));
  if (challenge) {
    await mkdir(path.join(dir, 'challenges', 'shop-break'), { recursive: true });
    await writeFile(path.join(dir, 'challenges', 'shop-break', 'challenge.yaml'), challenge.join('\n') + '\n');
  }
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function terminalOf(root: string) {
  const { content, problems } = await loadContent(root, { strict: false });
  const quiz = content.courses[0]?.modules[0]?.items[0];
  return { problems, terminal: quiz?.type === 'quiz' ? quiz.terminal : undefined };
}

const shopFiles = {
  '/srv/shop/serve.py': { content: 'print("serve")\n', owner: 'www-data', mode: '0640' },
  '/srv/shop/app.py': { content: 'print("shop")\n', owner: 'www-data', mode: '0640' },
};

describe('a lab that uses a preset', () => {
  it("is the lab written out: the preset's network, hosts, services and files (sources relative to the preset) first", async () => {
    const { problems, terminal } = await terminalOf(
      await folder(['  uses: shop', '  files:', '    /home/student/task.txt: Find the flag.']),
    );
    expect(problems).toEqual([]);
    expect(terminal?.network).toEqual({ address: '10.10.0.5/24' });
    expect(terminal?.hosts).toEqual([{ name: 'shop.lab.internal', address: '10.10.0.20', aliases: ['shop'] }]);
    expect(terminal?.services?.map((service) => service.name)).toEqual(['shop']);
    expect(terminal?.files).toEqual({ ...shopFiles, '/home/student/task.txt': 'Find the flag.' });
    expect(Object.keys(terminal?.files ?? {})).toEqual(['/srv/shop/serve.py', '/srv/shop/app.py', '/home/student/task.txt']);
    expect(terminal).not.toHaveProperty('uses');
  });

  it("sets the presets' files up after the lab's own file named by preset_files_after, and keeps its own network", async () => {
    const { problems, terminal } = await terminalOf(
      await folder([
        '  uses: shop',
        '  preset_files_after: /home/student/a.txt',
        '  network: { address: 10.10.0.9/24 }',
        '  files:',
        '    /home/student/a.txt: a',
        '    /home/student/b.txt: b',
      ]),
    );
    expect(problems).toEqual([]);
    expect(terminal?.network).toEqual({ address: '10.10.0.9/24' });
    expect(Object.keys(terminal?.files ?? {})).toEqual([
      '/home/student/a.txt',
      '/srv/shop/serve.py',
      '/srv/shop/app.py',
      '/home/student/b.txt',
    ]);
  });

  it('is refused at its uses line when the preset is unknown or its file has problems (reported at its own line)', async () => {
    const unknown = await terminalOf(await folder(['  uses: [shop, nowhere]']));
    expect(unknown.terminal).toBeUndefined();
    expect(unknown.problems).toEqual([
      { file: QUIZ, line: 8, message: 'unknown preset nowhere: there is no targets/nowhere/preset.yaml' },
    ]);
    const broken = await terminalOf(
      await folder(['  uses: bank'], { bank: ['hosts: nope', 'files:', '  /srv/bank/app.py: { source: missing.py }'] }),
    );
    expect(broken.problems).toEqual([
      { file: QUIZ, line: 8, message: 'preset bank has problems (targets/bank/preset.yaml)' },
      { file: 'targets/bank/preset.yaml', line: 1, message: expect.stringMatching(/^hosts: /) },
    ]);
  });

  it('reports a name both define at the quiz\'s own entry, unless the quiz overrides it: then its entry takes the place', async () => {
    const entries = [
      '  services:',
      '    - { name: shop, user: www-data, command: python3 -S other.py, cwd: /srv/shop, host: shop.lab.internal, ports: [80] }',
      '  files:',
      '    /srv/shop/app.py: { source: ../../../targets/bank/app.py, owner: www-data }',
    ];
    const clash = await terminalOf(await folder(['  uses: shop', ...entries], { bank: [] }));
    expect(clash.terminal).toBeUndefined();
    expect(clash.problems).toEqual([
      { file: QUIZ, line: 10, message: 'services: shop is defined by preset shop too: name it under overrides to replace it' },
      { file: QUIZ, line: 12, message: expect.stringMatching(/^files: \/srv\/shop\/app.py is defined by preset shop too/) },
    ]);
    const replaced = await terminalOf(
      await folder(['  uses: shop', '  overrides: [shop, /srv/shop/app.py]', ...entries], { bank: [] }),
    );
    expect(replaced.problems).toEqual([]);
    expect(replaced.terminal?.services?.map((service) => service.command)).toEqual(['python3 -S other.py']);
    expect(replaced.terminal?.files).toEqual({
      '/srv/shop/serve.py': shopFiles['/srv/shop/serve.py'],
      '/srv/shop/app.py': { content: 'print("bank")\n', owner: 'www-data' },
    });
    const idle = await terminalOf(await folder(['  uses: shop', '  overrides: [bank]']));
    expect(idle.problems).toEqual([
      { file: QUIZ, line: 9, message: 'overrides: bank is defined by no preset this lab uses' },
    ]);
  });

  it('keeps an entry two presets define alike once, and refuses one they define differently', async () => {
    const bank = [
      'hosts:',
      '  - { name: bank.lab.internal, address: 10.10.0.40 }',
      'files:',
      "  /srv/shop/serve.py: { source: ../common/serve.py, owner: www-data, mode: '0640' }",
    ];
    const alike = await terminalOf(await folder(['  uses: [shop, bank]'], { bank }));
    expect(alike.problems).toEqual([]);
    expect(alike.terminal?.hosts?.map((host) => host.name)).toEqual(['shop.lab.internal', 'bank.lab.internal']);
    expect(Object.keys(alike.terminal?.files ?? {})).toEqual(['/srv/shop/serve.py', '/srv/shop/app.py']);
    const differently = await terminalOf(
      await folder(['  uses: [shop, bank]'], { bank: ['files:', '  /srv/shop/app.py: { source: app.py }'] }),
    );
    expect(differently.problems).toEqual([
      { file: QUIZ, line: 8, message: 'files: /srv/shop/app.py is defined differently by presets shop and bank' },
    ]);
  });

  it("serves a challenge's lab too, with sources relative to the preset", async () => {
    const challenge = [
      'title: Shop Break',
      'summary: S',
      'description: D',
      'category: web',
      'difficulty: easy',
      'access: free',
      'lab:',
      '  uses: shop',
      ...[1, 2, 3].flatMap((n) => [
        ...(n === 1 ? ['steps:'] : []),
        `  - { title: Step ${n}, question: Q?, answer: a${n}, points: 10, hint: H, hint_cost: 1 }`,
      ]),
    ];
    const { content, problems } = await loadContent(await folder(['  uses: shop'], {}, challenge), { strict: false });
    expect(problems).toEqual([]);
    const lab = content.challenges[0]?.lab;
    expect(lab?.files).toEqual(shopFiles);
    expect(lab?.services?.map((service) => service.host)).toEqual(['shop.lab.internal']);
  });
});
