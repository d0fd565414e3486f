import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badges,
  challenges,
  challengeSteps,
  courseCompletions,
  courses,
  itemProgress,
  media,
  moduleCompletions,
  moduleEnrollments,
  moduleItems,
  modules,
  stepProgress,
  type Database,
} from '@bastion/db';
import { loadContent, shippedContentDir } from '@bastion/content';
import {
  challengeYaml,
  lessonMd,
  moduleYaml,
  quizYaml,
  sampleFolder,
  TempFolders,
  TINY_PNG,
  TINY_SVG,
  unexplainedQuizYaml,
  writeFolder,
} from '@bastion/content/testing';
import { openTestDatabase } from '../../../test/database.ts';
import { createUser } from '../../../test/fixtures.ts';
import { ContentProblems, importContent, type ImportSummary } from './import-content.ts';
import { mediaId } from './import-media.ts';

let database: Database;
let db: Database['db'];
const folders = new TempFolders();
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
  await folders.cleanup();
});

const noChanges = { created: 0, updated: 0, hidden: 0, stored: 0 };

async function snapshot(source: string) {
  const rows = async (table: typeof courses | typeof modules | typeof moduleItems | typeof badges | typeof challenges) =>
    db
      .select({ id: table.id, slug: table.slug, hidden: table.hidden, updatedAt: table.updatedAt })
      .from(table as typeof courses)
      .where(eq(table.source, source))
      .orderBy(asc(table.id));
  return {
    courses: await rows(courses),
    modules: await rows(modules),
    items: await rows(moduleItems),
    badges: await rows(badges),
    challenges: await rows(challenges),
  };
}

describe('importContent on the shipped curriculum', () => {
  it('imports every course, module, item, badge and challenge, then a second import changes nothing', async () => {
    const { content } = await loadContent(shippedContentDir);
    const first = await importContent(db, shippedContentDir);
    const modulesInFolder = content.courses.flatMap((c) => c.modules);
    expect(first).toMatchObject({
      source: 'content',
      courses: content.courses.length,
      modules: modulesInFolder.length,
      items: modulesInFolder.flatMap((m) => m.items).length,
      badges: content.badges.length,
      challenges: content.challenges.length,
      steps: content.challenges.flatMap((c) => c.steps).length,
      hidden: 0,
      updated: 0,
    });
    expect(first.created).toBe(first.courses + first.modules + first.items + first.badges + first.challenges + first.steps);

    const stored = await snapshot('content');
    expect(stored.courses).toHaveLength(content.courses.length);
    expect(stored.modules).toHaveLength(modulesInFolder.length);
    expect(stored.items).toHaveLength(first.items);
    expect(stored.badges).toHaveLength(content.badges.length);
    expect(stored.challenges).toHaveLength(content.challenges.length);

    // The catalogue order that course.yaml's `order` gives: the shell first, then what builds on it.
    const ordered = await db.select({ slug: courses.slug }).from(courses).orderBy(asc(courses.position));
    expect(ordered.map((c) => c.slug)).toEqual([
      ...['linux-fundamentals', 'linux-ladder', 'security-foundations', 'networking'],
      ...['security-scripting', 'cryptography', 'web-security', 'forensics-basics'],
    ]);

    // Images and attachments are media rows behind /media paths.
    const images = await db.select({ image: badges.image }).from(badges);
    expect(images.every((b) => /^\/media\/content\/[0-9a-f-]{36}\.svg$/.test(b.image ?? ''))).toBe(true);
    const withFiles = await db.select({ attachments: challenges.attachments }).from(challenges);
    const attachments = withFiles.flatMap((c) => c.attachments);
    expect(attachments.length).toBeGreaterThan(0);
    for (const attachment of attachments) {
      expect(attachment.url).toMatch(/^\/media\/attachments\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+$/);
    }
    const kinds = await db.select({ kind: media.kind }).from(media);
    expect(first.stored).toBe(first.media);
    expect(kinds).toHaveLength(first.media);
    expect(kinds.filter((k) => k.kind === 'attachment')).toHaveLength(new Set(attachments.map((a) => a.url.split('/')[3])).size);

    const second = await importContent(db, shippedContentDir);
    expect(second).toEqual({ ...first, ...noChanges });
    expect(await snapshot('content')).toEqual(stored);
  }, 60_000);
});

describe('importContent on small folders', () => {
  it('maps every field, with the default points, and stores each distinct image once', async () => {
    const dir = await folders.create({
      ...sampleFolder('fields'),
      // Import takes a quiz without an explanation (content validate reports it): its fields keep their defaults.
      'courses/fields-course/02-fields-more/02-quiz.quiz.yaml': unexplainedQuizYaml('Quiz', 'yes'),
      'courses/fields-course/course.yaml': `title: Fields course\nsummary: S.\ndescription: D.\ndifficulty: hard\naccess: premium\nimage: cover.png\n`,
      'courses/fields-course/cover.png': TINY_PNG,
      'courses/fields-course/01-fields-basics/module.yaml': moduleYaml('Basics', 'image: images/same.png\n'),
      'courses/fields-course/01-fields-basics/images/same.png': TINY_PNG,
      'courses/fields-course/01-fields-basics/images/logo.svg': TINY_SVG,
      'courses/fields-course/01-fields-basics/01-welcome.md': lessonMd(
        'Welcome',
        'Look: ![diagram](images/same.png "A diagram")\n\n<img src="images/logo.svg" alt="logo">\n\n```\n![kept](images/none.png)\n```',
      ),
      'courses/fields-course/01-fields-basics/02-check.quiz.yaml': quizYaml(
        'Check',
        'ABC',
        "case_sensitive: true\nanswer_format: '***'\npoints: 15\nexplanation: Because **ABC**.\nhint: Three letters.\nhint_cost: 5\nterminal:\n  hostname: lab\n  user: root\n  cwd: /root\n  entries:\n    - command: echo hi\n      output: hi\n  solution: |\n    curl -s http://lab/ > /dev/null\n    echo ABC\n",
      ),
    });
    const summary = await importContent(db, dir, { source: 'fields' });
    expect(summary).toMatchObject({ courses: 1, modules: 2, items: 4, badges: 1, challenges: 1, steps: 3, media: 2 });
    expect(summary.stored).toBe(2);

    const pngId = mediaId('content-image', 'image/png', TINY_PNG);
    const svgId = mediaId('content-image', 'image/svg+xml', Buffer.from(TINY_SVG));
    const [course] = await db.select().from(courses).where(eq(courses.slug, 'fields-course'));
    expect(course).toMatchObject({ source: 'fields', difficulty: 'hard', access: 'premium', hidden: false });
    expect(course!.image).toBe(`/media/content/${pngId}.png`);
    const [module] = await db.select().from(modules).where(eq(modules.courseId, course!.id)).orderBy(asc(modules.position));
    // Computed: a 1-minute lesson and a quiz with a lab (6 minutes).
    expect(module).toMatchObject({ slug: 'fields-basics', position: 1, minutes: 7, image: `/media/content/${pngId}.png` });

    const items = await db.select().from(moduleItems).where(eq(moduleItems.moduleId, module!.id)).orderBy(asc(moduleItems.position));
    expect(items[0]).toMatchObject({ kind: 'lesson', slug: 'welcome', position: 1, points: 5, minutes: 1, answers: null });
    expect(items[0]!.content).toContain(`![diagram](/media/content/${pngId}.png "A diagram")`);
    expect(items[0]!.content).toContain(`<img src="/media/content/${svgId}.svg" alt="logo">`);
    expect(items[0]!.content).toContain('![kept](images/none.png)');
    expect(items[1]).toMatchObject({
      kind: 'quiz',
      slug: 'check',
      points: 15,
      minutes: 6,
      question: 'What is the answer?',
      answers: ['ABC'],
      caseSensitive: true,
      answerFormat: '***',
      content: null,
      explanation: 'Because **ABC**.',
      hint: 'Three letters.',
      hintCost: 5,
      terminal: { hostname: 'lab', user: 'root', cwd: '/root', entries: [{ command: 'echo hi', output: 'hi' }], files: {} },
    });
    // Lines and the solution help validation only: the stored terminal is what the author wrote, and the image's tools
    // the entries and the solution run (the page fetches their files once the prompt shows).
    expect(items[1]!.terminal).toEqual({
      hostname: 'lab',
      user: 'root',
      cwd: '/root',
      entries: [{ command: 'echo hi', output: 'hi' }],
      files: {},
      tools: ['curl'],
    });
    const other = await db.select().from(moduleItems).where(eq(moduleItems.slug, 'quiz'));
    expect(other[0]).toMatchObject({
      points: 10,
      caseSensitive: false,
      answerFormat: null,
      terminal: null,
      explanation: null,
      hint: null,
      hintCost: 0,
    });

    const [badge] = await db.select().from(badges).where(eq(badges.slug, 'fields-badge'));
    expect(badge).toMatchObject({ ruleKind: 'lessons_completed', ruleThreshold: 1, points: 5, image: null, position: 1 });
    const [challenge] = await db.select().from(challenges).where(eq(challenges.slug, 'fields-challenge'));
    const steps = await db.select().from(challengeSteps).where(eq(challengeSteps.challengeId, challenge!.id)).orderBy(asc(challengeSteps.position));
    expect(steps.map((s) => [s.position, s.answers, s.points, s.hint, s.hintCost, s.answerPatterns])).toEqual([
      [1, ['answer-1'], 10, 'Hint 1.', 2, []],
      [2, ['answer-2'], 20, 'Hint 2.', 2, []],
      [3, ['answer-3'], 30, 'Hint 3.', 2, []],
    ]);

    const stored = await db.select({ id: media.id, kind: media.kind }).from(media).where(inArray(media.id, [pngId, svgId]));
    expect(stored).toHaveLength(2);
    // Another folder with the same bytes reuses the stored file.
    const twin = await folders.create({
      'courses/twin-course/course.yaml': `title: Twin\nsummary: S.\ndescription: D.\ndifficulty: easy\naccess: free\nimage: a.png\n`,
      'courses/twin-course/a.png': TINY_PNG,
      'courses/twin-course/01-twin/module.yaml': moduleYaml('Twin'),
      'courses/twin-course/01-twin/01-a.md': lessonMd('A'),
    });
    expect(await importContent(db, twin, { source: 'twin' })).toMatchObject({ media: 1, stored: 0 });
  });

  it('is idempotent, keeps ids, and updates what changed', async () => {
    const files = sampleFolder('idem');
    const dir = await folders.create(files);
    const first = await importContent(db, dir, { source: 'idem' });
    expect(first).toMatchObject({ created: 1 + 2 + 4 + 1 + 1 + 3, updated: 0, hidden: 0 });
    const before = await snapshot('idem');

    expect(await importContent(db, dir, { source: 'idem' })).toEqual({ ...first, ...noChanges });
    expect(await snapshot('idem')).toEqual(before);

    await writeFolder(dir, {
      ...files,
      'courses/idem-course/01-idem-basics/module.yaml': moduleYaml('Renamed basics'),
      'courses/idem-course/01-idem-basics/02-check.quiz.yaml': quizYaml('Check', 'forty-two'),
    });
    const changed = await importContent(db, dir, { source: 'idem' });
    expect(changed).toMatchObject({ created: 0, updated: 2, hidden: 0 });
    const after = await snapshot('idem');
    expect(after.modules.map((m) => m.id)).toEqual(before.modules.map((m) => m.id));
    const [module] = await db.select().from(modules).where(eq(modules.slug, 'idem-basics'));
    expect(module!.title).toBe('Renamed basics');
    const [quiz] = await db.select().from(moduleItems).where(and(eq(moduleItems.moduleId, module!.id), eq(moduleItems.slug, 'check')));
    expect(quiz!.answers).toEqual(['forty-two']);
  });

  it('hides a module that left the folder, keeps learner progress, and shows it again when it returns', async () => {
    const files = sampleFolder('gone');
    const dir = await folders.create(files);
    await importContent(db, dir, { source: 'gone' });
    const [module] = await db.select().from(modules).where(eq(modules.slug, 'gone-more'));
    const items = await db.select().from(moduleItems).where(eq(moduleItems.moduleId, module!.id));
    const learner = await createUser(db);
    await db.insert(moduleEnrollments).values({ userId: learner.id, moduleId: module!.id });
    await db.insert(itemProgress).values(items.map((item) => ({ userId: learner.id, itemId: item.id, completedAt: new Date() })));
    await db.insert(moduleCompletions).values({ userId: learner.id, moduleId: module!.id, pointsEarned: 15 });

    const without = Object.fromEntries(Object.entries(files).filter(([rel]) => !rel.includes('/02-gone-more/')));
    await writeFolder(dir, without);
    const summary = await importContent(db, dir, { source: 'gone' });
    expect(summary).toMatchObject({ modules: 1, items: 2, hidden: 3, created: 0, updated: 0 });
    const [hiddenModule] = await db.select().from(modules).where(eq(modules.id, module!.id));
    expect(hiddenModule!.hidden).toBe(true);
    const hiddenItems = await db.select({ hidden: moduleItems.hidden }).from(moduleItems).where(eq(moduleItems.moduleId, module!.id));
    expect(hiddenItems).toEqual([{ hidden: true }, { hidden: true }]);
    expect(await db.select().from(itemProgress).where(eq(itemProgress.userId, learner.id))).toHaveLength(2);
    expect(await db.select().from(moduleCompletions).where(eq(moduleCompletions.userId, learner.id))).toHaveLength(1);
    expect(await db.select().from(moduleEnrollments).where(eq(moduleEnrollments.userId, learner.id))).toHaveLength(1);

    // A repeat hides nothing more.
    expect(await importContent(db, dir, { source: 'gone' })).toMatchObject(noChanges);

    await writeFolder(dir, files);
    const back = await importContent(db, dir, { source: 'gone' });
    expect(back).toMatchObject({ created: 0, updated: 3, hidden: 0 });
    const [shown] = await db.select().from(modules).where(eq(modules.slug, 'gone-more'));
    expect(shown).toMatchObject({ id: module!.id, hidden: false });
  });

  it('never hides the rows of another source', async () => {
    const a = await folders.create(sampleFolder('srca'));
    const b = await folders.create(sampleFolder('srcb'));
    await importContent(db, a, { source: 'folder-a' });
    const bSummary = await importContent(db, b, { source: 'folder-b' });
    expect(bSummary.hidden).toBe(0);
    expect(await importContent(db, a, { source: 'folder-a' })).toMatchObject(noChanges);
    for (const source of ['folder-a', 'folder-b']) {
      const rows = await snapshot(source);
      expect(Object.values(rows).flat().every((row) => !row.hidden), source).toBe(true);
      expect(rows.courses).toHaveLength(1);
    }
    // Emptying folder B's courses hides only B's course.
    await writeFolder(b, { 'badges.yaml': sampleFolder('srcb')['badges.yaml']! });
    expect(await importContent(db, b, { source: 'folder-b' })).toMatchObject({ hidden: 1 + 2 + 4 + 1 });
    expect((await snapshot('folder-a')).courses[0]!.hidden).toBe(false);
    expect((await snapshot('folder-b')).courses[0]!.hidden).toBe(true);
  });

  it('refuses a slug that another source holds visible, and takes over a hidden one', async () => {
    const owner = await folders.create(sampleFolder('owned'));
    await importContent(db, owner, { source: 'owner' });
    const intruder = await folders.create(sampleFolder('owned'));
    const error = await importContent(db, intruder, { source: 'intruder' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    expect((error as ContentProblems).problems).toContainEqual({
      file: 'courses/owned-course/course.yaml',
      line: 1,
      message: expect.stringMatching(/course slug owned-course already belongs to the content source "owner"/),
    });
    expect((await snapshot('intruder')).courses).toEqual([]);

    // The owner's folder lets go of everything: its rows are hidden, and may then move.
    await writeFolder(owner, { 'badges.yaml': '[]\n' });
    expect(await importContent(db, owner, { source: 'owner' })).toMatchObject({ hidden: 1 + 2 + 4 + 1 + 1 });
    const taken = await importContent(db, intruder, { source: 'intruder' });
    expect(taken.courses).toBe(1);
    expect((await snapshot('intruder')).courses).toEqual([expect.objectContaining({ slug: 'owned-course', hidden: false })]);
  });

  it('imports nothing from a folder with problems, and reports each with file and line', async () => {
    const files = sampleFolder('broken');
    const dir = await folders.create({
      ...files,
      'courses/broken-course/01-broken-basics/02-check.quiz.yaml': 'question: Why?\nanswer: x\n',
      'courses/broken-course/cover.png': Buffer.from('not an image'),
      'courses/broken-course/course.yaml': `${files['courses/broken-course/course.yaml']}image: cover.png\n`,
    });
    const error = await importContent(db, dir, { source: 'broken' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentProblems);
    const { problems } = error as ContentProblems;
    expect(problems).toContainEqual({
      file: 'courses/broken-course/01-broken-basics/02-check.quiz.yaml',
      line: 1,
      message: 'title: is required',
    });
    expect(problems).toContainEqual({
      file: 'courses/broken-course/course.yaml',
      line: 1,
      message: 'image courses/broken-course/cover.png is not a PNG, JPEG, WebP, GIF or SVG image',
    });
    expect((error as Error).message).toContain('courses/broken-course/01-broken-basics/02-check.quiz.yaml:1: title: is required');
    expect(await snapshot('broken')).toEqual({ courses: [], modules: [], items: [], badges: [], challenges: [] });
  });

  it('deletes a removed challenge step nobody has touched, and refuses to remove one with progress', async () => {
    const files = sampleFolder('steps');
    const dir = await folders.create({ ...files, 'challenges/steps-challenge/challenge.yaml': challengeYamlWith(5) });
    await importContent(db, dir, { source: 'steps' });
    const [challenge] = await db.select().from(challenges).where(eq(challenges.slug, 'steps-challenge'));
    const stepRows = () =>
      db.select().from(challengeSteps).where(eq(challengeSteps.challengeId, challenge!.id)).orderBy(asc(challengeSteps.position));
    const learner = await createUser(db);
    const fourth = (await stepRows())[3]!;
    await db.insert(stepProgress).values({ userId: learner.id, stepId: fourth.id, solvedAt: new Date(), pointsAwarded: 40 });

    await writeFolder(dir, { ...files, 'challenges/steps-challenge/challenge.yaml': challengeYamlWith(4) });
    expect(await importContent(db, dir, { source: 'steps' })).toMatchObject({ steps: 4, updated: 1, created: 0 });
    expect((await stepRows()).map((s) => s.position)).toEqual([1, 2, 3, 4]);

    await writeFolder(dir, { ...files, 'challenges/steps-challenge/challenge.yaml': challengeYamlWith(3) });
    const error = await importContent(db, dir, { source: 'steps' }).catch((e: unknown) => e);
    expect((error as ContentProblems).problems).toEqual([
      {
        file: 'challenges/steps-challenge/challenge.yaml',
        line: 1,
        message: 'step 4 was removed, but learners have progress on it; keep the step, or give the challenge a new slug',
      },
    ]);
    expect(await stepRows()).toHaveLength(4);
    expect(await db.select().from(stepProgress).where(eq(stepProgress.userId, learner.id))).toHaveLength(1);
  });

  it('lets parallel imports of one folder take turns: one creates, the other changes nothing', async () => {
    const dir = await folders.create(sampleFolder('race'));
    const results: ImportSummary[] = await Promise.all([
      importContent(db, dir, { source: 'race' }),
      importContent(db, dir, { source: 'race' }),
    ]);
    expect(results.map((r) => r.created).sort((x, y) => x - y)).toEqual([0, 12]);
    expect((await snapshot('race')).courses).toHaveLength(1);
  });

  it("stores a challenge's lab with the image's tools its steps' solutions run", async () => {
    const yaml = challengeYaml('Tools challenge')
      .replace('steps:\n', "lab:\n  files:\n    /home/learner/notes.txt: 'dns.lab.internal'\nsteps:\n")
      .replace('    hint_cost: 2\n', '    hint_cost: 2\n    solution: dig +short txt dns.lab.internal | tr -d \'"\'\n');
    const dir = await folders.create({ 'challenges/tools-challenge/challenge.yaml': yaml });
    await importContent(db, dir, { source: 'tools' });
    const [challenge] = await db.select().from(challenges).where(eq(challenges.slug, 'tools-challenge'));
    expect(challenge!.lab).toEqual({ files: { '/home/learner/notes.txt': 'dns.lab.internal' }, tools: ['dig'] });
  });

  it('names no tool that is itself an answer', async () => {
    const files = sampleFolder('which');
    files['courses/which-course/01-which-basics/03-which-program.quiz.yaml'] = quizYaml(
      'Which Program',
      'curl',
      "terminal:\n  hostname: lab\n  user: root\n  cwd: /root\n  entries:\n    - command: nmap -V | head -1\n      output: Nmap version 7.93\n  solution: |\n    nmap -V | head -1\n    curl --version | head -1 | cut -d' ' -f1\n",
    );
    const dir = await folders.create(files);
    await importContent(db, dir, { source: 'which' });
    const [item] = await db.select().from(moduleItems).where(eq(moduleItems.slug, 'which-program'));
    expect(item!.terminal?.tools).toEqual(['nmap']);
  });

  it('leaves course completions alone when their course is hidden', async () => {
    const files = sampleFolder('certs');
    const dir = await folders.create(files);
    await importContent(db, dir, { source: 'certs' });
    const [course] = await db.select().from(courses).where(eq(courses.slug, 'certs-course'));
    const learner = await createUser(db);
    await db.insert(courseCompletions).values({ userId: learner.id, courseId: course!.id, serial: `BST-TEST-${course!.id.slice(0, 8)}` });
    await writeFolder(dir, { 'badges.yaml': files['badges.yaml']! });
    await importContent(db, dir, { source: 'certs' });
    expect(await db.select().from(courseCompletions).where(eq(courseCompletions.userId, learner.id))).toHaveLength(1);
  });
});

function challengeYamlWith(steps: number): string {
  return sampleFolder('steps')['challenges/steps-challenge/challenge.yaml']!.replace(/steps:\n[\s\S]*$/, '') + stepsYaml(steps);
}

function stepsYaml(count: number): string {
  const steps = Array.from(
    { length: count },
    (_, i) =>
      `  - title: Step ${i + 1}\n    question: Question ${i + 1}?\n    answer: answer-${i + 1}\n    points: ${10 * (i + 1)}\n    hint: Hint ${i + 1}.\n    hint_cost: 2\n`,
  );
  return `steps:\n${steps.join('')}`;
}
