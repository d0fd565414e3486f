import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCtfd, type Problem } from '@bastion/content';
import {
  BILLION_LAUGHS,
  challengeYaml,
  lessonMd,
  sampleFolder,
  TempFolders,
  TINY_PNG,
  type FolderFiles,
} from '@bastion/content/testing';
import { challenges, media, type Database } from '@bastion/db';
import { openTestDatabase } from '../../../test/database.ts';
import { ContentProblems, importContent, validateContent } from './import-content.ts';
import { importCtfd } from './import-ctfd.ts';

let database: Database;
const folders = new TempFolders();
/** Stands for DATA_DIR/secrets/jwt-secret: a file outside every imported folder. */
let secretDir: string;
let secretFile: string;
const SECRET = 'jwt-secret-that-must-never-be-served';

beforeAll(async () => {
  database = await openTestDatabase();
  secretDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-secrets-'));
  secretFile = path.join(secretDir, 'jwt-secret');
  await writeFile(secretFile, SECRET);
  await writeFile(path.join(secretDir, 'cover.png'), TINY_PNG);
});
afterAll(async () => {
  await database.close();
  await folders.cleanup();
  await rm(secretDir, { recursive: true, force: true });
});

const COURSE = 'courses/safe-course';
const MODULE = `${COURSE}/01-safe-basics`;
const CHALLENGE = 'challenges/safe-challenge';

/** The sample folder with `changes` applied, then the symbolic links `links` (path in folder → target). */
async function folder(changes: FolderFiles = {}, links: Record<string, string> = {}): Promise<string> {
  const dir = await folders.create({ ...sampleFolder('safe'), ...changes });
  for (const [rel, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await symlink(target, path.join(dir, rel));
  }
  return dir;
}

const withAttachment = (attachment: string) => ({
  [`${CHALLENGE}/challenge.yaml`]: challengeYaml('safe challenge', 3, `attachments:\n  - ${attachment}\n`),
});

async function problemsOf(dir: string): Promise<Problem[]> {
  return (await validateContent(dir)).problems;
}

describe('lesson front matter is data (F1)', () => {
  it('refuses ---js front matter at file and line without running it', async () => {
    const marker = path.join(secretDir, 'PWNED');
    const dir = await folder({
      [`${MODULE}/01-welcome.md`]: `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "x"), "t") }\n---\n# b\n`,
    });
    expect(await problemsOf(dir)).toEqual([
      {
        file: `${MODULE}/01-welcome.md`,
        line: 1,
        message: 'front matter must be YAML opened by a plain --- line; "---js" is not allowed',
      },
    ]);
    const error = await importContent(database.db, dir, { source: 'front-matter' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses ---coffee and ---json fences too', async () => {
    const dir = await folder({
      [`${MODULE}/01-welcome.md`]: '---coffee\ntitle: "t"\n---\n# b\n',
      'courses/safe-course/02-safe-more/01-reading.md': '---json\n{"title": "t"}\n---\n# b\n',
    });
    expect((await problemsOf(dir)).map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      `${MODULE}/01-welcome.md:1: front matter must be YAML opened by a plain --- line; "---coffee" is not allowed`,
      'courses/safe-course/02-safe-more/01-reading.md:1: front matter must be YAML opened by a plain --- line; "---json" is not allowed',
    ]);
  });
});

describe('every YAML the loaders read is bounded and untagged', () => {
  const laughs = BILLION_LAUGHS;
  const files: [label: string, rel: string, text: string][] = [
    ['course.yaml', `${COURSE}/course.yaml`, laughs],
    ['module.yaml', `${MODULE}/module.yaml`, laughs],
    ['a quiz', `${MODULE}/02-check.quiz.yaml`, laughs],
    ['lesson front matter', `${MODULE}/01-welcome.md`, `---\n${laughs}---\n# b\n`],
    ['challenge.yaml', `${CHALLENGE}/challenge.yaml`, laughs],
    ['badges.yaml', 'badges.yaml', laughs],
  ];
  it.each(files)('%s: a billion-laughs document is a problem', async (_label, rel, text) => {
    const problems = await problemsOf(await folder({ [rel]: text }));
    expect(problems).toEqual([{ file: rel, line: expect.any(Number), message: expect.stringMatching(/Excessive alias count/) }]);
  });

  it('CTFd challenge.yml: a billion-laughs document and a tag are problems', async () => {
    const dir = await folders.create({ 'a/challenge.yml': laughs, 'b/challenge.yml': 'name: !!binary aGk=\n' });
    expect((await loadCtfd(dir)).problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      expect.stringMatching(/^a\/challenge\.yml:2: invalid YAML: Excessive alias count/),
      'b/challenge.yml:1: YAML tags such as !!binary are not allowed: content is plain data',
    ]);
  });
});

describe('content files never leave the folder (F2)', () => {
  it('refuses a symlinked attachment, and imports nothing', async () => {
    const dir = await folder(withAttachment('files/key.txt'), { [`${CHALLENGE}/files/key.txt`]: secretFile });
    expect(await problemsOf(dir)).toEqual([
      {
        file: `${CHALLENGE}/challenge.yaml`,
        line: 8,
        message: expect.stringMatching(/^attachment files\/key\.txt is a symbolic link/),
      },
    ]);
    const error = await importContent(database.db, dir, { source: 'symlinks' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect(await database.db.select().from(challenges).where(eq(challenges.source, 'symlinks'))).toEqual([]);
    const stored = await database.db.select({ data: media.data }).from(media);
    expect(stored.some((row) => row.data.toString().includes(SECRET))).toBe(false);
  });

  it('refuses an attachment inside a symlinked folder, or reached by .. or an absolute path', async () => {
    const linked = await folder(withAttachment('files/jwt-secret'), { [`${CHALLENGE}/files`]: secretDir });
    expect(await problemsOf(linked)).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^attachment files\/jwt-secret is a symbolic link/) }),
    ]);
    for (const target of [path.relative(path.join(linked, CHALLENGE), secretFile), secretFile]) {
      const dir = await folder(withAttachment(target));
      expect(await problemsOf(dir), target).toEqual([
        expect.objectContaining({ message: `attachment ${target} is outside the content folder` }),
      ]);
    }
  });

  it('refuses symlinked images: in lesson Markdown, for a module, for a badge', async () => {
    const files = sampleFolder('safe');
    const dir = await folder(
      {
        [`${MODULE}/01-welcome.md`]: lessonMd('Welcome', '![cover](images/cover.png)'),
        [`${MODULE}/module.yaml`]: `${files[`${MODULE}/module.yaml`]}image: images/icon.png\n`,
        'badges.yaml': files['badges.yaml']!.replace('  points: 5', '  image: badges/icon.png\n  points: 5'),
      },
      {
        [`${MODULE}/images/cover.png`]: path.join(secretDir, 'cover.png'),
        [`${MODULE}/images/icon.png`]: path.join(secretDir, 'cover.png'),
        'badges/icon.png': path.join(secretDir, 'cover.png'),
      },
    );
    expect((await problemsOf(dir)).map((p) => `${p.file}:${p.line}: ${p.message.split(' (')[0]}`)).toEqual([
      'badges.yaml:4: image badges/icon.png is a symbolic link or inside a linked folder',
      `${MODULE}/01-welcome.md:7: image images/cover.png is a symbolic link or inside a linked folder`,
      `${MODULE}/module.yaml:5: image images/icon.png is a symbolic link or inside a linked folder`,
    ]);
  });

  it('refuses a symlinked lesson, challenge.yaml or courses folder', async () => {
    const dir = await folder(
      {},
      {
        [`${MODULE}/03-linked.md`]: secretFile,
        'challenges/linked-challenge/challenge.yaml': secretFile,
      },
    );
    expect((await problemsOf(dir)).map((p) => `${p.file}:${p.line}: ${p.message.split(':')[0]}`)).toEqual([
      'challenges/linked-challenge/challenge.yaml:1: file is a symbolic link or inside a linked folder (content must be regular files in the folder)',
      `${MODULE}/03-linked.md:1: symbolic links are not allowed`,
    ]);
    const linkedRoot = await mkdtemp(path.join(os.tmpdir(), 'bastion-linked-'));
    try {
      await symlink(path.join(dir, 'courses'), path.join(linkedRoot, 'courses'));
      expect(await problemsOf(linkedRoot)).toEqual(
        expect.arrayContaining([{ file: 'courses', line: 1, message: expect.stringMatching(/^symbolic links are not allowed/) }]),
      );
    } finally {
      await rm(linkedRoot, { recursive: true, force: true });
    }
  });

  it('CTFd: refuses a symlinked file and a symlinked challenge folder, and imports nothing', async () => {
    const spec = 'name: Linked\ncategory: web\nvalue: 10\nflags: [f]\nfiles:\n  - dist/secret.txt\n';
    const dir = await folders.create({ 'linked/challenge.yml': spec });
    await mkdir(path.join(dir, 'linked', 'dist'));
    await symlink(secretFile, path.join(dir, 'linked', 'dist', 'secret.txt'));
    await symlink(path.join(dir, 'linked'), path.join(dir, 'again'));
    expect((await loadCtfd(dir)).problems.map((p) => `${p.file}:${p.line}: ${p.message.split(' (')[0]}`)).toEqual([
      'again:1: symbolic links are not allowed: content must be regular files',
      'linked/challenge.yml:6: file dist/secret.txt is a symbolic link or inside a linked folder',
    ]);
    const error = await importCtfd(database.db, dir, { source: 'ctfd-symlinks' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect(await database.db.select().from(challenges).where(eq(challenges.source, 'ctfd-symlinks'))).toEqual([]);
  });
});

describe('CTFd regex flags RE2 cannot run (F3)', () => {
  it('are problems naming the file and line', async () => {
    const dir = await folders.create({
      'back/challenge.yml': 'name: Back\ncategory: web\nvalue: 10\nflags:\n  - {type: regex, content: "(a+)-\\\\1"}\n',
      'look/challenge.yml': 'name: Look\ncategory: web\nvalue: 10\nflags:\n  - {type: regex, content: "flag(?=x)"}\n',
    });
    expect((await loadCtfd(dir)).problems).toEqual([
      {
        file: 'back/challenge.yml',
        line: 5,
        message: expect.stringMatching(/^flags\.0: invalid regular expression \(backreferences and lookaround are not supported/),
      },
      {
        file: 'look/challenge.yml',
        line: 5,
        message: expect.stringMatching(/^flags\.0: invalid regular expression \(backreferences and lookaround are not supported/),
      },
    ]);
  });
});
