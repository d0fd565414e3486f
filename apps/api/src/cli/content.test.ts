import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixturesDir, lessonMd, sampleFolder, TempFolders } from '@bastion/content/testing';
import { suiteDatabaseUrl, testDbKind } from '../../test/database.ts';
import { repoRoot, runCli, startServer, type RunningServer } from '../../test/processes.ts';
import type { ImportSummary } from '../features/content/import-content.ts';

const SLOW = 120_000;
const folders = new TempFolders();
afterAll(() => folders.cleanup());

if (testDbKind === 'postgres') postgresSuite();
else embeddedSuites();

function postgresSuite() {
  describe('content import on PostgreSQL (DATABASE_URL)', () => {
    const databaseUrl = suiteDatabaseUrl('bastion_content');

    it(
      'imports a folder under a --source name, then changes nothing on a repeat',
      async () => {
        const dir = await folders.create(sampleFolder('pg'));
        const env = {
          DATABASE_URL: databaseUrl,
          DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'bastion-cc-')),
        };
        const first = await runCli(['content', 'import', dir, '--source', 'pg-folder'], env);
        expect(first.stderr).toBe('');
        expect(first.json<ImportSummary>()).toMatchObject({ source: 'pg-folder', courses: 1, created: 12 });
        const again = await runCli(['content', 'import', dir, '--source', 'pg-folder'], env);
        expect(again.json<ImportSummary>()).toMatchObject({ created: 0, updated: 0, hidden: 0 });
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query(`select count(*)::int as n from courses where source = 'pg-folder'`);
        await client.end();
        expect(rows).toEqual([{ n: 1 }]);
      },
      SLOW,
    );
  });
}

function embeddedSuites() {
  describe('content validate', () => {
    it(
      'prints JSON for a valid folder and every problem as file:line: message for a broken one, without a database',
      async () => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cv-'));
        const env = { DATA_DIR: dataDir };
        // The replay of the recorded sessions has its own tests (packages/labs/src/node/lab-runner.test.ts). CI validates
        // the shipped curriculum under its own, strict rules.
        const valid = await runCli(['content', 'validate', '--strict', '--no-replay'], env);
        expect(valid.stderr).toBe('');
        expect(valid.code).toBe(0);
        expect(valid.json()).toMatchObject({
          valid: true,
          dir: path.join(repoRoot, 'content'),
          courses: 8,
          warnings: [],
        });

        const broken = await runCli(['content', 'validate', path.join(contentFixturesDir, 'broken')], env);
        expect(broken.code).toBe(1);
        expect(broken.stdout).toBe('');
        const lines = broken.stderr.trim().split('\n');
        expect(lines.at(-1)).toMatch(/^\d+ problems found \(and 3 warnings\)\.$/);
        for (const line of lines.slice(0, -1)) {
          expect(line).toMatch(/^packages\/content\/test\/fixtures\/broken\/[^:]+:\d+: .+/);
        }
        expect(lines).toContain(
          'packages/content/test/fixtures/broken/courses/bad-course/course.yaml:6: warning: colour: unknown field, ignored',
        );
        const strict = await runCli(['content', 'validate', '--strict', path.join(contentFixturesDir, 'broken')], env);
        expect(strict.stderr).toContain(
          'packages/content/test/fixtures/broken/courses/bad-course/course.yaml:6: colour: unknown field\n',
        );
        // Validation never opens (or creates) the database.
        expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
        await rm(dataDir, { recursive: true, force: true });

        const tooMany = await runCli(['content', 'validate', 'a', 'b'], env);
        expect(tooMany.code).toBe(2);
        expect(tooMany.stderr).toMatch(
          /expected 0 to 1 arguments, got 2; usage: npm run cli -- content validate \[dir\] \[--strict\] \[--no-replay\] \[--no-cache\]/,
        );
      },
      SLOW,
    );

    it(
      "passes an operator's folder that breaks the curriculum's rules with warnings, and fails it with --strict",
      async () => {
        const dir = await folders.create({
          ...sampleFolder('old'),
          'courses/old-course/01-old-basics/01-welcome.md': lessonMd('Welcome', 'Too short.', 'minutes: 5\n'),
        });
        const lesson = path.relative(repoRoot, path.join(dir, 'courses/old-course/01-old-basics/01-welcome.md'));
        const env = { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'bastion-cv-')) };
        const lenient = await runCli(['content', 'validate', '--no-replay', dir], env);
        expect([lenient.code, lenient.stderr]).toEqual([0, '']);
        expect(lenient.json<{ warnings: string[] }>().warnings).toEqual([
          expect.stringMatching(new RegExp(`^${lesson}:1: lesson has 3 words of prose`)),
          `${lesson}:3: minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored`,
        ]);
        const strict = await runCli(['content', 'validate', '--strict', '--no-replay', dir], env);
        expect(strict.code).toBe(1);
        expect(strict.stderr.trim().split('\n')).toEqual([
          `${lesson}:3: minutes: is computed from the text (content/README.md, "Reading times"): remove it`,
          '1 problem found.',
        ]);
        await rm(env.DATA_DIR, { recursive: true, force: true });
      },
      SLOW,
    );

    it(
      'reports ---js front matter at file and line and never runs it',
      async () => {
        const dir = await folders.create(sampleFolder('js'));
        const marker = path.join(dir, 'PWNED');
        const lesson = 'courses/js-course/01-js-basics/01-welcome.md';
        await writeFile(
          path.join(dir, lesson),
          `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(marker)}, "x"), "t") }\n---\n# b\n`,
        );
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cv-'));
        const result = await runCli(['content', 'validate', dir], { DATA_DIR: dataDir });
        await rm(dataDir, { recursive: true, force: true });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `${path.relative(repoRoot, path.join(dir, lesson))}:1: front matter must be YAML opened by a plain --- line; "---js" is not allowed`,
        );
        expect(existsSync(marker)).toBe(false);
      },
      SLOW,
    );
  });

  describe('content import on a stopped DATA_DIR', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-ci-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it(
      'imports a folder and CTFd files, and imports nothing from a folder with problems',
      async () => {
        const env = { DATA_DIR: dataDir };
        const dir = await folders.create(sampleFolder('cli'));
        const first = await runCli(['content', 'import', dir, '--source', 'cli-folder'], env);
        expect(first.stderr).toBe('');
        expect(first.json<ImportSummary>()).toMatchObject({
          source: 'cli-folder',
          courses: 1,
          modules: 2,
          items: 4,
          badges: 1,
          challenges: 1,
          created: 12,
        });

        // Without a folder, the server's own: CONTENT_DIR here (the shipped content/ has eight courses).
        const again = await runCli(['content', 'import', '--source', 'cli-folder'], { ...env, CONTENT_DIR: dir });
        expect(again.stderr).toBe('');
        expect(again.json<ImportSummary>()).toMatchObject({
          source: 'cli-folder',
          courses: 1,
          challenges: 1,
          created: 0,
        });

        const broken = await runCli(
          ['content', 'import', path.join(contentFixturesDir, 'broken'), '--source', 'broken'],
          env,
        );
        expect(broken.code).toBe(1);
        expect(broken.stdout).toBe('');
        expect(broken.stderr.trim().split('\n').at(-1)).toMatch(
          /^\d+ problems found \(and 3 warnings\); nothing was imported\.$/,
        );

        const ctfd = await runCli(['content', 'import-ctfd', path.join(contentFixturesDir, 'ctfd')], env);
        expect(ctfd.stderr).toBe('');
        expect(ctfd.json<ImportSummary>()).toMatchObject({
          source: 'packages/content/test/fixtures/ctfd',
          challenges: 3,
          steps: 3,
          created: 6,
        });

        // A pack with a broken challenge: the others are imported, and the exit status says one was left out.
        const pack = await folders.create({
          'misc/sanity/challenge.yml': 'name: CLI Sanity\ncategory: misc\nvalue: 10\nflags: [s]\nfiles:\n',
          'pwn/broken/challenge.yml': 'name: CLI Broken\ncategory: pwn\nflags: [b]\n',
        });
        const partial = await runCli(['content', 'import-ctfd', pack, '--source', 'cli-pack'], env);
        expect(partial.code).toBe(1);
        expect(partial.json<ImportSummary>()).toMatchObject({ source: 'cli-pack', challenges: 1, created: 2 });
        const packFile = path.relative(repoRoot, path.join(pack, 'pwn/broken/challenge.yml'));
        expect(partial.stderr.trim().split('\n')).toEqual([
          `${packFile}:1: value: is required (the points of the challenge)`,
          '1 problem found; the challenges they name were left out, the others were imported.',
        ]);

        const missing = await runCli(['content', 'import-ctfd'], env);
        expect(missing.code).toBe(2);
        expect(missing.stderr).toMatch(/usage: npm run cli -- content import-ctfd <dir>/);
      },
      SLOW,
    );
  });

  describe('content import while the server runs on the embedded database', () => {
    let dataDir: string;
    let server: RunningServer;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-cl-'));
      server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'off' });
    }, SLOW);
    afterAll(async () => {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it(
      'finds the curriculum the server imported at start, and imports through the server',
      async () => {
        expect(server.output()).toMatch(/Content imported from content\/: 8 courses, 27 modules/);
        const env = { DATA_DIR: dataDir };
        const shipped = await runCli(['content', 'import'], env);
        expect(shipped.stderr).toBe('');
        expect(shipped.json<ImportSummary>()).toMatchObject({ source: 'content', courses: 8, created: 0, updated: 0 });

        const dir = await folders.create(sampleFolder('live'));
        const live = await runCli(['content', 'import', dir, '--source', 'live'], env);
        expect(live.json<ImportSummary>()).toMatchObject({ created: 12, hidden: 0 });
        expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
      },
      SLOW,
    );
  });
}
