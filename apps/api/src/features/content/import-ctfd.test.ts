import { mkdir, writeFile } from 'node:fs/promises';
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

  it('hides a challenge that became hidden in CTFd', async () => {
    const { db } = database;
    const dir = await folders.create({
      'one/challenge.yml': 'name: Gone Soon\ncategory: web\nvalue: 10\nflags: [a]\n',
      'two/challenge.yml': 'name: Stays\ncategory: crypto\nvalue: 10\nflags: [b]\n',
    });
    await importCtfd(db, dir, { source: 'ctfd-temp' });

    await writeFile(path.join(dir, 'one/challenge.yml'), 'name: Gone Soon\ncategory: web\nvalue: 10\nflags: [a]\nstate: hidden\n');
    expect(await importCtfd(db, dir, { source: 'ctfd-temp' })).toMatchObject({ challenges: 1, hidden: 1, problems: [] });
    const [gone] = await db.select({ hidden: challenges.hidden }).from(challenges).where(eq(challenges.slug, 'gone-soon'));
    expect(gone!.hidden).toBe(true);
  });

  it('imports each challenge on its own: a broken one is left out, its neighbours are imported, nothing is hidden', async () => {
    const { db } = database;
    const dir = await folders.create({
      'misc/sanity/challenge.yml': 'name: Sanity\ncategory: misc\nvalue: 10\nflags: [s]\n',
      'pwn/overflow/challenge.yml': 'name: Overflow\ncategory: pwn\nvalue: 10\nflags: [o]\nfiles:\n',
    });
    await importCtfd(db, dir, { source: 'ctfd-each' });
    const rows = () =>
      db
        .select({ slug: challenges.slug, category: challenges.category, hidden: challenges.hidden, title: challenges.title })
        .from(challenges)
        .where(eq(challenges.source, 'ctfd-each'))
        .orderBy(asc(challenges.slug));
    expect(await rows()).toEqual([
      { slug: 'overflow', category: 'reverse', hidden: false, title: 'Overflow' },
      { slug: 'sanity', category: 'misc', hidden: false, title: 'Sanity' },
    ]);

    // Sanity breaks (its value is gone), Overflow changes, a new one arrives.
    await writeFile(path.join(dir, 'misc/sanity/challenge.yml'), 'name: Sanity\ncategory: misc\nflags: [s]\n');
    await writeFile(path.join(dir, 'pwn/overflow/challenge.yml'), 'name: Overflow 2\ncategory: pwn\nvalue: 10\nflags: [o]\n');
    const added = path.join(dir, 'programming', 'fizz');
    await mkdir(added, { recursive: true });
    await writeFile(path.join(added, 'challenge.yml'), 'name: Fizz\ncategory: Programming\nvalue: 20\nflags: [f]\n');
    const summary = await importCtfd(db, dir, { source: 'ctfd-each' });
    // Two challenges of one step each.
    expect(summary).toMatchObject({ challenges: 2, created: 4, hidden: 0 });
    expect(summary.problems).toEqual([
      { file: 'misc/sanity/challenge.yml', line: 1, message: 'value: is required (the points of the challenge)' },
    ]);
    // The broken one keeps its last good version: nothing says it left the pack.
    expect(await rows()).toEqual([
      { slug: 'fizz', category: 'programming', hidden: false, title: 'Fizz' },
      { slug: 'overflow', category: 'reverse', hidden: false, title: 'Overflow' },
      { slug: 'overflow-2', category: 'reverse', hidden: false, title: 'Overflow 2' },
      { slug: 'sanity', category: 'misc', hidden: false, title: 'Sanity' },
    ]);
  });

  it('leaves out a challenge whose slug another source owns, and imports nothing when no challenge can be', async () => {
    const { db } = database;
    const owner = await folders.create({ 'a/challenge.yml': 'name: Taken Name\ncategory: web\nvalue: 10\nflags: [t]\n' });
    await importCtfd(db, owner, { source: 'ctfd-owner' });
    const dir = await folders.create({
      'a/challenge.yml': 'name: Taken Name\ncategory: web\nvalue: 10\nflags: [x]\n',
      'b/challenge.yml': 'name: Free Name\ncategory: web\nvalue: 10\nflags: [y]\n',
    });
    const summary = await importCtfd(db, dir, { source: 'ctfd-intruder' });
    expect(summary).toMatchObject({ created: 2, problems: [{ file: 'a/challenge.yml', message: expect.stringMatching(/already belongs to the content source "ctfd-owner"/) }] });
    const [taken] = await db.select({ source: challenges.source }).from(challenges).where(eq(challenges.slug, 'taken-name'));
    expect(taken!.source).toBe('ctfd-owner');

    const broken = await folders.create({ 'x/challenge.yml': 'name: Broken\ncategory: web\nvalue: 10\n' });
    const error = await importCtfd(db, broken, { source: 'ctfd-broken' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect((error as ContentProblems).problems).toEqual([{ file: 'x/challenge.yml', line: 1, message: 'flags: is required' }]);
    expect(await db.select().from(challenges).where(eq(challenges.source, 'ctfd-broken'))).toEqual([]);
  });
});
