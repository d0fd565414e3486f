import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixturesDir, TempFolders } from '@bastion/content/testing';
import { auditLog, contentImports, type Database } from '@bastion/db';
import path from 'node:path';
import { TEST_CLI_ACTOR } from '../../../test/command-context.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { importAs } from './content.operator.ts';

const folders = new TempFolders();
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await folders.cleanup();
});

const runs = () => database.db.select().from(contentImports).orderBy(desc(contentImports.at));
const audits = (dir: string) => database.db.select().from(auditLog).where(eq(auditLog.targetLabel, dir));

describe('importAs: every import is recorded, and an operator’s is audited', () => {
  it("records the server's import at start, without an audit row (nobody acted)", async () => {
    const dir = path.join(contentFixturesDir, 'valid');
    const { summary, run } = await importAs(database.db, 'server', { format: 'content', dir, source: 'at-start' });
    expect(summary).toMatchObject({ source: 'at-start', courses: 1 });
    expect(run).toMatchObject({
      actorId: null,
      actorName: 'server start',
      via: 'server',
      format: 'content',
      dir,
      source: 'at-start',
      outcome: 'imported',
      counts: expect.objectContaining({ courses: 1, created: summary!.created }),
      problemCount: 0,
    });
    expect((await runs())[0]!.id).toBe(run.id);
    expect(await audits(dir)).toEqual([]);
  });

  it('records a CTFd import that left a challenge out as partial, with its problems, and audits it', async () => {
    const dir = await folders.create({
      'a/challenge.yml': 'name: Kept\ncategory: misc\nvalue: 10\nflags: [k]\n',
      'b/challenge.yml': 'name: Left Out\ncategory: misc\nvalue: 10\n',
    });
    const at = new Date('2026-11-27T10:00:00Z');
    const { summary, run } = await importAs(database.db, TEST_CLI_ACTOR, { format: 'ctfd', dir, source: 'pack' }, at);
    expect(summary).toMatchObject({ challenges: 1 });
    expect(run).toMatchObject({
      at,
      actorName: TEST_CLI_ACTOR.name,
      via: 'cli',
      format: 'ctfd',
      outcome: 'partial',
      problemCount: 1,
      problems: [{ file: 'b/challenge.yml', line: 1, message: 'flags: is required' }],
    });
    expect(await audits(dir)).toEqual([
      expect.objectContaining({
        action: 'content.import',
        via: 'cli',
        at,
        after: { format: 'ctfd', dir, source: 'pack', outcome: 'partial', created: 2, updated: 0, hidden: 0, problems: 1 },
      }),
    ]);
  });

  it('records a refused import with its problems and warnings and audits the attempt, and does not throw', async () => {
    const dir = await folders.create({ 'badges.yaml': '- slug: odd\n  colour: red\n' });
    const { summary, refused, run } = await importAs(database.db, TEST_CLI_ACTOR, { format: 'content', dir });
    expect(summary).toBeUndefined();
    expect(refused!.problems.map((p) => p.message)).toEqual([
      '0.name: is required',
      '0.description: is required',
      '0.points: is required',
      '0.rule: is required',
    ]);
    expect(refused!.warnings).toEqual([{ file: 'badges.yaml', line: 2, message: '0.colour: unknown field, ignored' }]);
    expect(run).toMatchObject({
      outcome: 'refused',
      counts: null,
      source: dir,
      problemCount: 4,
      warningCount: 1,
    });
    expect(await audits(dir)).toEqual([
      expect.objectContaining({
        action: 'content.import',
        via: 'cli',
        after: { format: 'content', dir, source: dir, outcome: 'refused', problems: 4 },
      }),
    ]);
  });
});
