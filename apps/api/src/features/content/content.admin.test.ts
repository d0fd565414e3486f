import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_ADMIN_MESSAGES } from '@bastion/contract';
import { lessonMd, sampleFolder, TempFolders } from '@bastion/content/testing';
import { auditLog, contentImports, courses, modules } from '@bastion/db';
import { consoleTest } from '../../../test/staff.ts';

/** The server's content folder (CONTENT_DIR): a course with a lesson under the word floor and a guessed `minutes`. */
const folders = new TempFolders();
const dir = await folders.create({
  ...sampleFolder('console'),
  'courses/console-course/01-console-basics/module.yaml':
    'title: console basics\nsummary: Basics.\ndifficulty: easy\naccess: free\nminutes: 20\n',
  'courses/console-course/01-console-basics/01-welcome.md': lessonMd('Welcome', 'A short lesson.'),
});
afterAll(() => folders.cleanup());

const test = consoleTest({ env: { CONTENT_DIR: dir } });
const { call } = test;
const WARNINGS = [
  {
    file: 'courses/console-course/01-console-basics/01-welcome.md',
    line: 1,
    message: expect.stringMatching(/^lesson has 4 words of prose/),
  },
  {
    file: 'courses/console-course/01-console-basics/module.yaml',
    line: 5,
    message: 'minutes: is computed from the text (content/README.md, "Reading times"); the value is ignored',
  },
];

const consoleAudit = () =>
  test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.import')).orderBy(desc(auditLog.at));
const importRows = () => test.ctx.db.select().from(contentImports).orderBy(desc(contentImports.at));

describe('the console: content', () => {
  it('validates the server folder without writing anything, listing problems and warnings', async () => {
    const before = await call('GET', '/api/admin/content/');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ dir, last_import: null });

    const report = await call('POST', '/api/admin/content/dry-run/');
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({
      dir,
      valid: true,
      folder: { courses: 1, modules: 2, items: 4, badges: 1, challenges: 1 },
      problem_count: 0,
      problems: [],
      warning_count: 2,
      warnings: WARNINGS,
    });
    expect(await test.ctx.db.select().from(courses).where(eq(courses.slug, 'console-course'))).toEqual([]);
    expect(await importRows()).toEqual([]);
    expect(await consoleAudit()).toEqual([]);
  });

  it('imports the folder, records the import with its warnings and writes the audit row', async () => {
    const imported = await call('POST', '/api/admin/content/import/', {});
    expect(imported.statusCode).toBe(200);
    const run = imported.json();
    expect(run).toMatchObject({
      by: test.staff.username,
      via: 'console',
      format: 'content',
      dir,
      outcome: 'imported',
      counts: { courses: 1, modules: 2, items: 4, badges: 1, challenges: 1, created: 12, hidden: 0 },
      problem_count: 0,
      problems: [],
      warning_count: 2,
      warnings: WARNINGS,
    });

    const [course] = await test.ctx.db.select().from(courses).where(eq(courses.slug, 'console-course'));
    const [module] = await test.ctx.db.select().from(modules).where(eq(modules.slug, 'console-basics'));
    expect(course).toMatchObject({ hidden: false, source: run.source });
    // The guessed 20 was ignored: a module's minutes are computed from its items.
    expect(module!.minutes).not.toBe(20);

    const [audit] = await consoleAudit();
    expect(audit).toMatchObject({
      actorId: test.staff.id,
      actorName: test.staff.username,
      via: 'console',
      ip: '127.0.0.1',
      targetType: 'content',
      targetLabel: dir,
      after: { format: 'content', dir, source: run.source, created: 12, updated: 0, hidden: 0, problems: 0 },
    });

    const overview = (await call('GET', '/api/admin/content/')).json();
    expect(overview.last_import).toEqual(run);
    expect(overview.imported).toEqual(
      expect.arrayContaining([
        { kind: 'courses', visible: expect.any(Number), hidden: expect.any(Number) },
        { kind: 'items', visible: expect.any(Number), hidden: expect.any(Number) },
      ]),
    );
    expect(overview.imported.map((row: { kind: string }) => row.kind)).toEqual([
      'courses',
      'modules',
      'items',
      'challenges',
      'badges',
    ]);
  });

  it('counts hidden rows: content that left the folder is hidden by the next import', async () => {
    const items = async () =>
      (await call('GET', '/api/admin/content/')).json().imported.find((row: { kind: string }) => row.kind === 'items');
    const before = await items();
    await rm(path.join(dir, 'courses/console-course/02-console-more/02-quiz.quiz.yaml'));
    const imported = await call('POST', '/api/admin/content/import/');
    expect(imported.json()).toMatchObject({ outcome: 'imported', counts: { items: 3, hidden: 1 } });
    expect(await items()).toEqual({ kind: 'items', visible: before.visible - 1, hidden: before.hidden + 1 });
  });

  it('refuses a folder with problems: 422 with the recorded run, no change and no audit row', async () => {
    await writeFile(path.join(dir, 'badges.yaml'), '- slug: [broken\n');
    const audited = (await consoleAudit()).length;

    const report = (await call('POST', '/api/admin/content/dry-run/')).json();
    expect(report).toMatchObject({ valid: false, problem_count: report.problems.length });
    expect(report.problems).toEqual([
      { file: 'badges.yaml', line: 2, message: expect.stringMatching(/^invalid YAML: Flow sequence/) },
    ]);

    const refused = await call('POST', '/api/admin/content/import/');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      detail: CONTENT_ADMIN_MESSAGES.refused,
      code: 'content_problems',
      run: { outcome: 'refused', counts: null, problems: report.problems, by: test.staff.username },
    });
    expect((await consoleAudit()).length).toBe(audited);
    const [last] = await importRows();
    expect(last).toMatchObject({ outcome: 'refused', problemCount: report.problem_count, via: 'console' });
    expect((await call('GET', '/api/admin/content/')).json().last_import).toEqual(refused.json().run);
  });

  it('answers 400 to a request that names anything, such as another folder, and imports nothing', async () => {
    const runs = (await importRows()).length;
    for (const url of ['/api/admin/content/dry-run/', '/api/admin/content/import/']) {
      const response = await call('POST', url, { dir: '/etc' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ dir: ['Unknown field.'] });
    }
    expect((await importRows()).length).toBe(runs);
  });
});
