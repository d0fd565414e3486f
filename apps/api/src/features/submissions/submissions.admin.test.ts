import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUBMISSIONS_MESSAGES, type Submission } from '@bastion/contract';
import { answerSubmissions, auditLog, recordStarts, type TerminalContent } from '@bastion/db';
import { expectCsvDownload, latestAudit } from '../../../test/csv-export.ts';
import { consoleTest } from '../../../test/staff.ts';
import { createFreeCourse, enrollModule } from '../../../test/learning-fixtures.ts';
import { call, learner, type Learner } from '../../../test/learning-api.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { start } from '../../../test/challenge-api.ts';
import { openSealedLab } from '@bastion/labs/seal';
import { SUBMISSIONS_CSV_COLUMNS } from './submissions-export.ts';

const test = consoleTest();

const FLAG = /FLAG\{[A-Za-z0-9]{24}\}/;
/** A lab whose flag is each learner's own. */
const FLAG_LAB: TerminalContent = {
  hostname: 'lab',
  user: 'student',
  cwd: '/home/student',
  entries: [],
  files: { '/home/student/flag.txt': { content: '{{secret.flag}}\n', owner: 'student', mode: '0644' } },
  secrets: { flag: { length: 24, alphabet: 'alnum', prefix: 'FLAG{', suffix: '}' } },
};

async function quizModule(title: string, terminal: TerminalContent | null = null, answers = ['22']) {
  const course = await createFreeCourse(test.ctx.db, {
    modules: [{ items: [{ kind: 'quiz', title, answers, terminal }] }],
  });
  const module = course.modules[0]!;
  return { moduleId: module.id, quizId: module.quizzes[0]!.id };
}

async function enrolled(moduleId: string): Promise<Learner> {
  const who = await learner(test.ctx.app, test.ctx.db);
  await enrollModule(test.ctx.db, who.user.id, moduleId);
  return who;
}

/** An answer sent from `ip`. */
const answerQuiz = (who: Learner, quizId: string, answer: string, ip = '203.0.113.7') =>
  test.ctx.app.inject({
    method: 'POST',
    url: `/api/courses/quiz/${quizId}/submit_answer/`,
    headers: who.headers,
    payload: { answer },
    remoteAddress: ip,
  });

async function log(query: string): Promise<Submission[]> {
  const response = await test.call('GET', `/api/admin/submissions/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

describe('what the log records of each answer', () => {
  it('keeps every wrong answer and the solving one, with the address, and never the answer', async () => {
    const { moduleId, quizId } = await quizModule('Port of SSH');
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    await answerQuiz(ada, quizId, 'twenty-two');
    await answerQuiz(grace, quizId, '  TWENTY-TWO ', '198.51.100.4');
    await answerQuiz(grace, quizId, 'telnet', '198.51.100.4');
    expect((await answerQuiz(ada, quizId, '22')).json()).toMatchObject({ correct: true });
    // Solved already: the answer changes nothing and is not kept.
    await answerQuiz(ada, quizId, '22');

    const rows = await log(`item=${quizId}`);
    expect(rows.map((row) => [row.learner.username, row.correct, row.ip])).toEqual([
      [ada.user.username, true, '203.0.113.7'],
      [grace.user.username, false, '198.51.100.4'],
      [grace.user.username, false, '198.51.100.4'],
      [ada.user.username, false, '203.0.113.7'],
    ]);
    expect(rows[0]).toMatchObject({
      item: { type: 'quiz', id: quizId, title: 'Port of SSH', step: null },
      fingerprint: null,
      same_answer_learners: 0,
      shared_from: null,
      quick_solve: null,
    });
    // The same wrong answer (as answers are compared) has the same fingerprint, whoever sent it.
    const [, telnet, graceTwentyTwo, adaTwentyTwo] = rows;
    expect(adaTwentyTwo!.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(graceTwentyTwo!.fingerprint).toBe(adaTwentyTwo!.fingerprint);
    expect(telnet!.fingerprint).not.toBe(adaTwentyTwo!.fingerprint);
    expect([adaTwentyTwo!.same_answer_learners, telnet!.same_answer_learners]).toEqual([2, 1]);
    const stored = await test.ctx.db.select().from(answerSubmissions).where(eq(answerSubmissions.itemId, quizId));
    expect(JSON.stringify(stored)).not.toMatch(/twenty|telnet|"22"/i);
  });

  it('keeps challenge steps with their number, and nothing of a throttled answer', async () => {
    const challenge = await createChallenge(test.ctx.db, { title: 'Two Steps', steps: [{ answers: ['alpha'] }] });
    const ada = await learner(test.ctx.app, test.ctx.db);
    await start(test.ctx.app, ada, challenge.id);
    for (let n = 0; n < 12; n += 1)
      await call(test.ctx.app, ada, 'POST', `/api/challenges/${challenge.id}/step/1/`, { answer: `no${n}` });
    await call(test.ctx.app, ada, 'POST', `/api/challenges/${challenge.id}/step/1/`, { answer: 'alpha' });

    const rows = await log(`item=${challenge.id}`);
    // 10 answers a minute are judged: the rest, and the right one after them, were throttled.
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ item: { type: 'challenge', title: 'Two Steps', step: 1 }, correct: false });
  });

  it("marks a shared answer with whose secret it was, and a quick solve with the learner's count", async () => {
    const { moduleId, quizId } = await quizModule('Read the Flag', FLAG_LAB, ['{{secret.flag}}']);
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    const flagOf = async (who: Learner) => {
      const lab = await call(test.ctx.app, who, 'GET', `/api/courses/quiz/${quizId}/terminal_content/`);
      return FLAG.exec(openSealedLab(lab.json().sealed) + lab.body)![0];
    };
    await flagOf(grace);
    const adaFlag = await flagOf(ada);
    const other = await quizModule('No Lab Opened', { ...FLAG_LAB, secrets: {} });
    await enrollModule(test.ctx.db, grace.user.id, other.moduleId);

    await answerQuiz(grace, quizId, adaFlag);
    await answerQuiz(grace, other.quizId, '22');
    const rows = await log(`learner=${grace.user.id}`);
    expect(rows[0]).toMatchObject({
      correct: true,
      item: { id: other.quizId },
      quick_solve: { lab_opened_at: null, learner_quick_solves: 1 },
    });
    expect(rows[1]).toMatchObject({ correct: false, shared_from: { id: ada.user.id, username: ada.user.username } });
  });
});

describe('the log as the console reads it', () => {
  it('filters by learner, item, result, fingerprint and dates', async () => {
    const { moduleId, quizId } = await quizModule('Filtered Quiz');
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    await answerQuiz(ada, quizId, 'nope');
    await answerQuiz(grace, quizId, 'nope');
    await answerQuiz(grace, quizId, '22');
    const answeredOn = (who: Learner, at: string) =>
      test.ctx.db
        .update(answerSubmissions)
        .set({ at: new Date(at) })
        .where(eq(answerSubmissions.userId, who.user.id));
    await answeredOn(ada, '2031-03-10T12:00:00Z');
    await answeredOn(grace, '2031-03-12T12:00:00Z');

    expect(await log(`learner=${ada.user.id}`)).toHaveLength(1);
    expect(await log(`learner=${grace.user.username.slice(1).toUpperCase()}&item=filtered quiz`)).toHaveLength(2);
    expect((await log(`item=${quizId}&result=right`)).map((row) => row.learner.id)).toEqual([grace.user.id]);
    const [wrong] = await log(`item=${quizId}&result=wrong`);
    expect(await log(`item=${quizId}&fingerprint=${wrong!.fingerprint!.toUpperCase()}`)).toHaveLength(2);
    expect(await log(`item=${quizId}&from=2031-03-10&to=2031-03-10`)).toHaveLength(1);
    expect(await log(`item=${quizId}&from=2031-03-11`)).toHaveLength(2);
    const page = await test.call('GET', `/api/admin/submissions/?item=${quizId}&page=2&page_size=2`);
    expect(page.json()).toMatchObject({ count: 3, previous: expect.any(String), next: null });
  });

  it('answers bad input with a clear 4xx', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bad = async (query: string) => {
      const response = await test.call('GET', `/api/admin/submissions/?${query}`);
      return [response.statusCode, response.json()];
    };
    expect(await bad(`learner=${unknown}&item=${unknown}`)).toEqual([
      400,
      { learner: [SUBMISSIONS_MESSAGES.unknownLearner], item: [SUBMISSIONS_MESSAGES.unknownItem] },
    ]);
    expect(await bad('from=2031-02-30')).toEqual([400, { from: ['Enter a date as YYYY-MM-DD.'] }]);
    expect(await bad('from=2031-03-02&to=2031-03-01')).toEqual([400, { to: [SUBMISSIONS_MESSAGES.toBeforeFrom] }]);
    expect(await bad('result=maybe&fingerprint=xyz')).toEqual([
      400,
      { result: [SUBMISSIONS_MESSAGES.result], fingerprint: [SUBMISSIONS_MESSAGES.fingerprint] },
    ]);
    expect(await bad('item=nothing-has-this-title&page=2')).toEqual([404, { detail: 'Not found.' }]);
  });

  it('says since when answers are logged', async () => {
    const since = new Date('2031-01-01T00:00:00Z');
    await test.ctx.db
      .insert(recordStarts)
      .values({ record: 'answer_submissions', startedAt: since })
      .onConflictDoUpdate({ target: recordStarts.record, set: { startedAt: since } });
    const response = await test.call('GET', '/api/admin/submissions/');
    expect(response.json().recorded_since).toBe(since.toISOString());
  });
});

describe('the log as CSV', () => {
  it('exports the filtered answers, newest first, and audits the export', async () => {
    const { moduleId, quizId } = await quizModule('=Exported Quiz');
    const ada = await enrolled(moduleId);
    await answerQuiz(ada, quizId, 'nope');
    await answerQuiz(ada, quizId, '22');

    const response = await test.call('GET', `/api/admin/submissions/export/?item=${quizId}&result=wrong`);
    expectCsvDownload(response, 'submissions');
    const [header, ...lines] = response.body.trimEnd().split('\r\n');
    expect(header).toBe(SUBMISSIONS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${ada.user.username},${ada.user.id},quiz,'=Exported Quiz,${quizId},,wrong,`);
    expect(lines[0]).toContain(',203.0.113.7,,no,,');

    expect(await latestAudit(test.ctx.db, 'submissions.export')).toMatchObject({
      actorId: test.staff.id,
      via: 'console',
      targetType: 'submissions',
      after: { filters: { item: quizId, result: 'wrong' }, rows: 1 },
    });
  });

  it('refuses bad filters before anything is read or recorded', async () => {
    const exports = () => test.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'submissions.export'));
    const before = (await exports()).length;
    const response = await test.call(
      'GET',
      '/api/admin/submissions/export/?from=2031-13-01&learner=00000000-0000-4000-8000-000000000000',
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['from']);
    expect(await exports()).toHaveLength(before);
  });
});
