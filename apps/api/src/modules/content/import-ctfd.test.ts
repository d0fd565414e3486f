import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixturesDir, TempFolders } from '@bastion/content/testing';
import { challenges, challengeSteps, media, type Database } from '@bastion/db';
import { openTestDatabase } from '../../../test/database.ts';
import { ContentProblems } from './import-content.ts';
import { importCtfd } from './import-ctfd.ts';

const fixtures = path.join(contentFixturesDir, 'ctfd');
const folders = new TempFolders();
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await folders.cleanup();
});

describe('importCtfd', () => {
  it('imports each challenge.yml as a one-step challenge with its files, and is idempotent', async () => {
    const { db } = database;
    const summary = await importCtfd(db, fixtures, { source: 'ctfd-sample' });
    expect(summary).toMatchObject({ courses: 0, challenges: 3, steps: 3, media: 3, created: 6, hidden: 0, stored: 3 });

    const [hex] = await db.select().from(challenges).where(eq(challenges.slug, 'hex-marks-the-spot'));
    expect(hex).toMatchObject({ source: 'ctfd-sample', category: 'forensics', difficulty: 'medium', access: 'free' });
    expect(hex!.attachments).toEqual([
      { name: 'dump.hex', url: expect.stringMatching(/^\/media\/attachments\/[0-9a-f-]{36}\/dump\.hex$/), size: expect.any(Number) },
    ]);
    const mediaId = hex!.attachments[0]!.url.split('/')[3]!;
    const [file] = await db.select({ kind: media.kind, contentType: media.contentType }).from(media).where(eq(media.id, mediaId));
    expect(file).toEqual({ kind: 'attachment', contentType: 'text/plain; charset=utf-8' });

    const steps = await db.select().from(challengeSteps).where(eq(challengeSteps.challengeId, hex!.id)).orderBy(asc(challengeSteps.position));
    expect(steps).toEqual([
      expect.objectContaining({
        position: 1,
        answers: ['BASTION{hexdump_reader}'],
        answerPatterns: ['(?i)^flag=BASTION\\{hexdump_reader\\}$'],
        caseSensitive: true,
        points: 150,
        hintCost: 35,
      }),
    ]);

    expect(await importCtfd(db, fixtures, { source: 'ctfd-sample' })).toMatchObject({ created: 0, updated: 0, hidden: 0, stored: 0 });
  });

  it('hides a challenge that became hidden in CTFd, and imports nothing from files with problems', async () => {
    const { db } = database;
    const dir = await folders.create({
      'one/challenge.yml': 'name: Gone Soon\ncategory: web\nvalue: 10\nflags: [a]\n',
      'two/challenge.yml': 'name: Stays\ncategory: crypto\nvalue: 10\nflags: [b]\n',
    });
    await importCtfd(db, dir, { source: 'ctfd-temp' });

    await writeFile(path.join(dir, 'one/challenge.yml'), 'name: Gone Soon\ncategory: web\nvalue: 10\nflags: [a]\nstate: hidden\n');
    expect(await importCtfd(db, dir, { source: 'ctfd-temp' })).toMatchObject({ challenges: 1, hidden: 1 });
    const [gone] = await db.select({ hidden: challenges.hidden }).from(challenges).where(eq(challenges.slug, 'gone-soon'));
    expect(gone!.hidden).toBe(true);

    await writeFile(path.join(dir, 'two/challenge.yml'), 'name: Stays\ncategory: cooking\nvalue: 10\nflags: [b]\n');
    const error = await importCtfd(db, dir, { source: 'ctfd-temp' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect((error as ContentProblems).problems[0]).toMatchObject({ file: 'two/challenge.yml', line: 2 });
    const [stays] = await db.select({ hidden: challenges.hidden }).from(challenges).where(eq(challenges.slug, 'stays'));
    expect(stays!.hidden).toBe(false);
  });
});
