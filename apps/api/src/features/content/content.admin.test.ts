import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_ADMIN_MESSAGES } from '@bastion/contract';
import { challengeYaml, lessonMd, sampleFolder, TempFolders, writeFolder } from '@bastion/content/testing';
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

const auditOf = (action: string) =>
  test.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.at), desc(auditLog.id));
const consoleAudit = () => auditOf('content.import');
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
      changes: expect.arrayContaining([
        { change: 'create', kind: 'course', slug: 'console-course', title: 'console course' },
        { change: 'create', kind: 'quiz', slug: 'check', title: 'Check' },
      ]),
      change_counts: { create: 9, change: 0, hide: 0 },
    });
    expect(await test.ctx.db.select().from(courses).where(eq(courses.slug, 'console-course'))).toEqual([]);
    expect(await importRows()).toEqual([]);
    expect(await consoleAudit()).toEqual([]);
    const [checked] = await auditOf('content.validate');
    expect(checked).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      ip: '127.0.0.1',
      targetType: 'content',
      targetLabel: dir,
      after: { dir, valid: true, problems: 0, warnings: 2 },
    });
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
      after: {
        format: 'content',
        dir,
        source: run.source,
        outcome: 'imported',
        created: 12,
        updated: 0,
        hidden: 0,
        problems: 0,
      },
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
    await writeFile(path.join(dir, 'courses/console-course/02-console-more/01-reading.md'), lessonMd('Reading again'));
    const report = (await call('POST', '/api/admin/content/dry-run/')).json();
    // The lesson's new text changes it and its module (whose reading time is computed from it).
    expect(report).toMatchObject({ valid: true, change_counts: { create: 0, change: 2, hide: 1 } });
    expect(report.changes).toEqual(
      expect.arrayContaining([
        { change: 'change', kind: 'lesson', slug: 'reading', title: 'Reading again' },
        { change: 'change', kind: 'module', slug: 'console-more', title: 'console more' },
        { change: 'hide', kind: 'quiz', slug: 'quiz', title: 'Quiz' },
      ]),
    );
    const imported = await call('POST', '/api/admin/content/import/');
    expect(imported.json()).toMatchObject({ outcome: 'imported', counts: { items: 3, hidden: 1 } });
    expect(await items()).toEqual({ kind: 'items', visible: before.visible - 1, hidden: before.hidden + 1 });
  });

  it('refuses a folder with problems: 422 with the recorded run, no change, and an audit row of the attempt', async () => {
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
    expect((await consoleAudit()).length).toBe(audited + 1);
    const [attempt] = await consoleAudit();
    expect(attempt).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetLabel: dir,
      after: { format: 'content', dir, outcome: 'refused', problems: report.problem_count },
    });
    const listed = await call('GET', '/api/admin/audit/?action=content.import');
    expect(listed.json().results[0]).toMatchObject({ action: 'content.import', after: { outcome: 'refused' } });
    const checks = await call('GET', '/api/admin/audit/?action=content.validate');
    expect(checks.json().results[0]).toMatchObject({ after: { valid: false, problems: report.problem_count } });
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

  it('refuses a NUL in the content at its file and line: the dry run lists it, the import answers 422', async () => {
    await writeFolder(dir, {
      ...sampleFolder('console'),
      'courses/console-course/01-console-basics/03-nul.quiz.yaml':
        'title: "Nul\\u0000Quiz"\nquestion: Which key?\nanswer: abcdefghijklmnop\nexplanation: Because.\n',
    });
    const problem = {
      file: 'courses/console-course/01-console-basics/03-nul.quiz.yaml',
      line: 1,
      message: expect.stringMatching(/^title: contains the control character U\+0000;/),
    };
    const report = await call('POST', '/api/admin/content/dry-run/');
    expect(report.json()).toMatchObject({ valid: false, problem_count: 1, problems: [problem] });

    const refused = await call('POST', '/api/admin/content/import/');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().run).toMatchObject({ outcome: 'refused', problems: [problem] });
    expect(test.ctx.logs.join('\n')).not.toContain('abcdefghijklmnop');
  });

  it('refuses a lesson over 1 MB and a description over 64 KB, each at its file', async () => {
    const story = challengeYaml('Long story').replace(
      'description: Story of Long story.',
      `description: ${'a'.repeat(70 * 1024)}`,
    );
    await writeFolder(dir, {
      ...sampleFolder('console'),
      'courses/console-course/01-console-basics/03-huge.md': lessonMd('Huge', 'word '.repeat(420_000)),
      'challenges/long-story/challenge.yaml': story,
    });
    const report = (await call('POST', '/api/admin/content/dry-run/')).json();
    expect(report.problems).toEqual([
      {
        file: 'challenges/long-story/challenge.yaml',
        line: 3,
        message: expect.stringMatching(/^description: is 70 KB; a text field may be at most 64 KB/),
      },
      {
        file: 'courses/console-course/01-console-basics/03-huge.md',
        line: 1,
        message: 'file is 2,100,030 bytes; a lesson or YAML file may be at most 1 MB',
      },
    ]);
    expect((await call('POST', '/api/admin/content/import/')).statusCode).toBe(422);
  });

  it('runs one dry run or import at a time: another asked for meanwhile answers 409', async () => {
    await writeFolder(dir, sampleFolder('console'));
    const answers = await Promise.all([
      call('POST', '/api/admin/content/dry-run/'),
      call('POST', '/api/admin/content/import/'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    const busy = answers.find((answer) => answer.statusCode === 409)!;
    expect(busy.json()).toEqual({ detail: CONTENT_ADMIN_MESSAGES.busy, code: 'content_busy' });
    // Once it has finished, the next one runs.
    expect((await call('POST', '/api/admin/content/import/')).statusCode).toBe(200);
  });

});
