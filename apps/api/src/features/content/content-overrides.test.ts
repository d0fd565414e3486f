import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleFolder, TempFolders } from '@bastion/content/testing';
import { auditLog, challengeSteps, challenges, courses, moduleItems, modules } from '@bastion/db';
import { consoleTest } from '../../../test/staff.ts';
import { answer, call, learner, start, type Learner } from '../../../test/challenge-api.ts';

const folders = new TempFolders();
const dir = await folders.create(sampleFolder('items'));
afterAll(() => folders.cleanup());

const test = consoleTest({ env: { CONTENT_DIR: dir } });
const { call: console_ } = test;

const importFolder = async () =>
  expect((await console_('POST', '/api/admin/content/import/', {})).statusCode).toBe(200);
const auditOf = (action: string) =>
  test.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.at), desc(auditLog.id));
const override = (id: string, body: object) => console_('PUT', `/api/admin/content/items/${id}/override/`, body);
const clear = (id: string) => console_('DELETE', `/api/admin/content/items/${id}/override/`);
const learnerGet = (who: Learner, url: string) => call(test.ctx.app, who, 'GET', url);

async function ids() {
  const [course] = await test.ctx.db.select().from(courses).where(eq(courses.slug, 'items-course'));
  const [basics] = await test.ctx.db.select().from(modules).where(eq(modules.slug, 'items-basics'));
  const [quiz] = await test.ctx.db.select().from(moduleItems).where(eq(moduleItems.slug, 'check'));
  const [challenge] = await test.ctx.db.select().from(challenges).where(eq(challenges.slug, 'items-challenge'));
  const steps = await test.ctx.db
    .select()
    .from(challengeSteps)
    .where(eq(challengeSteps.challengeId, challenge!.id))
    .orderBy(challengeSteps.position);
  return { course: course!, basics: basics!, quiz: quiz!, challenge: challenge!, steps };
}

describe('the console: items and their overrides', () => {
  it('lists courses, modules, items, challenges and steps with the content values and no override', async () => {
    await importFolder();
    const { course, quiz, steps } = await ids();
    const listed = await console_('GET', '/api/admin/content/items/');
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().results as { id: string; kind: string }[];
    expect(rows.find((row) => row.id === course.id)).toMatchObject({ kind: 'course', hidden: false, override: null });
    expect(rows.find((row) => row.id === quiz.id)).toMatchObject({ kind: 'quiz', content_hidden: false, points: null });
    expect(rows.find((row) => row.id === steps[0]!.id)).toMatchObject({ kind: 'step', content_points: 10, points: 10 });
  });

  it('hides a quiz from learners everywhere, keeps it across a re-import, and shows it again when cleared', async () => {
    const { basics, quiz } = await ids();
    const who = await learner(test.ctx.app, test.ctx.db);
    const hidden = await override(quiz.id, { hidden: true, reason: 'Answer leaked' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      hidden: true,
      content_hidden: false,
      override: { hidden: true, points: null },
    });

    const items = async () => (await learnerGet(who, `/api/courses/module/${basics.id}/lessons/`)).json();
    expect(JSON.stringify(await items())).not.toContain(quiz.id);
    const answered = await call(test.ctx.app, who, 'POST', `/api/courses/quiz/${quiz.id}/submit_answer/`, {
      answer: '4096',
    });
    expect(answered.statusCode).toBe(404);

    await importFolder();
    const [stored] = await test.ctx.db.select().from(moduleItems).where(eq(moduleItems.id, quiz.id));
    expect(stored!.hidden).toBe(false);
    expect(JSON.stringify(await items())).not.toContain(quiz.id);

    const [audit] = await auditOf('content.override');
    expect(audit).toMatchObject({
      actorId: test.staff.id,
      targetType: 'quiz',
      targetId: quiz.id,
      before: { hidden: false, override: null },
      after: { hidden: true, override: { hidden: true, reason: 'Answer leaked' } },
    });

    const cleared = await clear(quiz.id);
    expect(cleared.json()).toMatchObject({ hidden: false, override: null });
    expect(JSON.stringify(await items())).toContain(quiz.id);
    const [clearAudit] = await auditOf('content.override_clear');
    expect(clearAudit).toMatchObject({
      targetId: quiz.id,
      before: { hidden: true },
      after: { hidden: false, override: null },
    });
  });

  it('hides a course and a challenge: gone from the lists, 404 when fetched', async () => {
    const { course, challenge } = await ids();
    const who = await learner(test.ctx.app, test.ctx.db);
    await override(course.id, { hidden: true });
    await override(challenge.id, { hidden: true });
    expect(JSON.stringify((await learnerGet(who, '/api/courses/course_list/')).json())).not.toContain(course.id);
    expect((await learnerGet(who, `/api/courses/course/${course.id}/modules/`)).statusCode).toBe(404);
    expect(JSON.stringify((await learnerGet(who, '/api/challenges/')).json())).not.toContain(challenge.id);
    expect((await learnerGet(who, `/api/challenges/${challenge.id}/`)).statusCode).toBe(404);
    expect((await start(test.ctx.app, who, challenge.id)).statusCode).toBe(404);
    await clear(course.id);
    await clear(challenge.id);
    expect((await learnerGet(who, `/api/challenges/${challenge.id}/`)).statusCode).toBe(200);
  });

  it('scores a new solve with a step’s overridden points, and leaves past solves as they were', async () => {
    const { challenge, steps } = await ids();
    const before = await learner(test.ctx.app, test.ctx.db);
    await start(test.ctx.app, before, challenge.id);
    expect((await answer(test.ctx.app, before, challenge.id, 1, 'answer-1')).json()).toMatchObject({
      correct: true,
      points_awarded: 10,
    });

    const changed = await override(steps[0]!.id, { points: 25 });
    expect(changed.json()).toMatchObject({ content_points: 10, points: 25 });
    await importFolder();
    const after = await learner(test.ctx.app, test.ctx.db);
    await start(test.ctx.app, after, challenge.id);
    expect((await answer(test.ctx.app, after, challenge.id, 1, 'answer-1')).json()).toMatchObject({
      points_awarded: 25,
    });
    const detail = (await learnerGet(after, `/api/challenges/${challenge.id}/`)).json();
    expect(detail.points).toBe(25 + 20 + 30);
    expect((await learnerGet(before, `/api/challenges/${challenge.id}/progress/`)).json()).toMatchObject({
      steps: expect.arrayContaining([expect.objectContaining({ points_awarded: 10 })]),
    });

    await clear(steps[0]!.id);
    expect((await learnerGet(after, `/api/challenges/${challenge.id}/`)).json().points).toBe(60);
  });

  it('answers bad input with a clear 4xx', async () => {
    const { quiz, steps } = await ids();
    expect((await override(quiz.id, { points: 5 })).json()).toEqual({
      points: ['Only a challenge step has points to change.'],
    });
    expect((await override(steps[0]!.id, { hidden: true })).statusCode).toBe(400);
    expect((await override(quiz.id, {})).statusCode).toBe(400);
    expect((await override(quiz.id, { hidden: 'yes' })).statusCode).toBe(400);
    expect((await override(steps[0]!.id, { points: -1 })).statusCode).toBe(400);
    expect((await override('6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11', { hidden: true })).statusCode).toBe(404);
    expect((await override('not-a-uuid', { hidden: true })).statusCode).toBe(400);
    expect((await clear('6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11')).statusCode).toBe(404);
  });
});
