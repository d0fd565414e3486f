import { openSealedLab } from '@bastion/labs/seal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@bastion/contract';
import { fileAttributes, terminalContent } from '@bastion/test-kit/fixtures';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createCourse, createFreeCourse, createPremiumCourse, enrollModule } from '../../../test/learning-fixtures.ts';
import {
  call,
  completeLesson,
  ledgerOf,
  learner,
  NOT_A_UUID,
  pointsOf,
  progressOf,
  submitAnswer,
  UNKNOWN_ID,
} from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const lessonsOf = (who: Awaited<ReturnType<typeof signedIn>> | null, moduleId: string) =>
  call(ctx.app, who, 'GET', `/api/courses/module/${moduleId}/lessons/`);

const TERMINAL = {
  hostname: 'lab',
  user: 'student',
  cwd: '/home/student',
  entries: [{ command: 'whoami', output: 'student' }],
  files: { '/home/student/notes.txt': 'secret-free text' },
};

/** A module with a lesson, a quiz with terminal content, a case-sensitive quiz and a hidden lesson. */
async function richModule() {
  const course = await createFreeCourse(ctx.db, {
    modules: [
      {
        items: [
          { kind: 'lesson', title: 'Intro', content: '# Intro\n\nRead me.', minutes: 4 },
          {
            kind: 'quiz',
            title: 'Which port?',
            question: 'Which port does SSH use?',
            answers: ['22', 'tcp/22'],
            answerFormat: '**',
            terminal: TERMINAL,
            minutes: 6,
          },
          { kind: 'quiz', title: 'Flag', question: 'Flag?', answers: ['FLAG{CaseMatters}'], caseSensitive: true },
          { kind: 'lesson', title: 'Hidden', hidden: true },
        ],
      },
    ],
  });
  return course.modules[0]!;
}

describe('GET /api/courses/module/{id}/lessons/', () => {
  it('lists the visible items in order, never with an unsolved answer', async () => {
    const module = await richModule();
    const me = await signedIn();
    const res = await lessonsOf(me, module.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.module).toMatchObject({ id: module.id, title: module.title, enrolled: false, progress: 0 });
    expect(body.items).toEqual([
      {
        type: 'lesson',
        id: module.items[0]!.id,
        order: 1,
        title: 'Intro',
        content: '# Intro\n\nRead me.',
        points: 5,
        minutes: 4,
        completed: false,
      },
      {
        type: 'quiz',
        id: module.items[1]!.id,
        order: 2,
        title: 'Which port?',
        question: 'Which port does SSH use?',
        answer_format: '**',
        points: 10,
        minutes: 6,
        has_terminal: true,
        solved: false,
        answer_if_solved: null,
        explanation: null,
        has_hint: false,
        hint_cost: 0,
        hint_used: false,
        hint: null,
      },
      {
        type: 'quiz',
        id: module.items[2]!.id,
        order: 3,
        title: 'Flag',
        question: 'Flag?',
        answer_format: '**',
        points: 10,
        minutes: 0,
        has_terminal: false,
        solved: false,
        answer_if_solved: null,
        explanation: null,
        has_hint: false,
        hint_cost: 0,
        hint_used: false,
        hint: null,
      },
    ]);
    expect(res.body).not.toContain('tcp/22');
    expect(res.body).not.toContain('CaseMatters');
  });

  it('shows the answer of a solved quiz only, and marks completed lessons', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    expect((await completeLesson(ctx.app, me, module.items[0]!.id)).statusCode).toBe(200);
    expect((await submitAnswer(ctx.app, me, module.items[1]!.id, ' TCP/22 ')).json().correct).toBe(true);
    const res = await lessonsOf(me, module.id);
    const [lesson, solved, unsolved] = res.json().items;
    expect(lesson).toMatchObject({ completed: true });
    expect(solved).toMatchObject({ solved: true, answer_if_solved: '22' });
    expect(unsolved).toMatchObject({ solved: false, answer_if_solved: null });
    expect(res.body).not.toContain('CaseMatters');
    expect(res.json().module).toMatchObject({ enrolled: true, progress: 66, completed: false });

    // Another learner sees nothing of it.
    const other = await lessonsOf(await signedIn(), module.id);
    expect(other.json().items[1]).toMatchObject({ solved: false, answer_if_solved: null });
    expect(other.body).not.toMatch(/"22"|tcp\/22/);
  });

  it('answers 403 for premium content to a free learner, 200 to a premium one', async () => {
    const premiumCourse = await createPremiumCourse(ctx.db);
    const premiumModuleInFreeCourse = (await createCourse(ctx.db, { modules: [{ access: 'premium' }] })).modules[0]!;
    const free = await signedIn();
    for (const id of [premiumCourse.modules[0]!.id, premiumModuleInFreeCourse.id]) {
      const res = await lessonsOf(free, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: LEARNING_MESSAGES.premiumRequired });
    }
    const paid = await signedIn({ premium: true });
    expect((await lessonsOf(paid, premiumCourse.modules[0]!.id)).statusCode).toBe(200);
    const lapsed = await signedIn({ premium: true, premiumUntil: new Date(ctx.clock.now().getTime() - 1000) });
    expect((await lessonsOf(lapsed, premiumCourse.modules[0]!.id)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown, malformed or hidden module and for a module of a hidden course', async () => {
    const me = await signedIn();
    const hiddenModule = (await createFreeCourse(ctx.db, { modules: [{ hidden: true }] })).modules[0]!;
    const inHiddenCourse = (await createFreeCourse(ctx.db, { hidden: true })).modules[0]!;
    for (const id of [UNKNOWN_ID, ...NOT_A_UUID, hiddenModule.id, inHiddenCourse.id]) {
      const res = await lessonsOf(me, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 401 without a token', async () => {
    const module = await richModule();
    expect((await lessonsOf(null, module.id)).statusCode).toBe(401);
  });
});

describe('POST /api/courses/lesson/{id}/complete/', () => {
  it('completes the lesson once, awarding its points once', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const lessonId = module.items[0]!.id;
    const res = await completeLesson(ctx.app, me, lessonId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Lesson completed successfully.',
      points_awarded: 5,
      module_completed: false,
      module_completion_id: null,
      course_completed: false,
      course_completion_id: null,
    });
    const again = await completeLesson(ctx.app, me, lessonId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ detail: 'Lesson completed successfully.', points_awarded: 0 });
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([
      { points: 5, sourceType: 'lesson', sourceId: lessonId, reason: 'Lesson completed: Intro' },
    ]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(5);
    expect((await progressOf(ctx.db, me.user.id, lessonId))?.completedAt).toBeInstanceOf(Date);
  });

  it('awards once across 25 parallel completions', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const lessonId = module.items[0]!.id;
    const results = await Promise.all(Array.from({ length: 25 }, () => completeLesson(ctx.app, me, lessonId)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(25).fill(200));
    expect(results.filter((res) => res.json().points_awarded === 5)).toHaveLength(1);
    expect(await ledgerOf(ctx.db, me.user.id)).toHaveLength(1);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(5);
  });

  it('answers 400 until the learner enrolls in the module', async () => {
    const module = await richModule();
    const me = await signedIn();
    const res = await completeLesson(ctx.app, me, module.items[0]!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Enroll in this module first.' });
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([]);
    expect(await progressOf(ctx.db, me.user.id, module.items[0]!.id)).toBeUndefined();
  });

  it('answers 404 for a quiz id, a hidden lesson, an unknown or malformed id; 401 without a token', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    for (const id of [module.items[1]!.id, module.items[3]!.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await completeLesson(ctx.app, me, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await call(ctx.app, null, 'POST', `/api/courses/lesson/${module.items[0]!.id}/complete/`)).statusCode).toBe(
      401,
    );
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([]);
  });

  it('answers 403 for a premium lesson to a free learner, even when enrolled', async () => {
    const module = (await createPremiumCourse(ctx.db)).modules[0]!;
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const res = await completeLesson(ctx.app, me, module.lessons[0]!.id);
    expect(res.statusCode).toBe(403);
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([]);
  });
});

describe('POST /api/courses/quiz/{id}/submit_answer/', () => {
  it('judges trimmed, case-insensitive answers against every accepted one and awards once', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const quizId = module.items[1]!.id;

    const wrong = await submitAnswer(ctx.app, me, quizId, '23');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({
      correct: false,
      detail: LEARNING_MESSAGES.quizIncorrect,
      points_awarded: 0,
      module_completed: false,
      module_completion_id: null,
      course_completed: false,
      course_completion_id: null,
      explanation: null,
    });
    expect(wrong.body).not.toContain('22');
    expect(await progressOf(ctx.db, me.user.id, quizId)).toMatchObject({ wrongAttempts: 1, completedAt: null });

    const right = await submitAnswer(ctx.app, me, quizId, '  TCP/22\n');
    expect(right.json()).toEqual({
      correct: true,
      detail: LEARNING_MESSAGES.quizCorrect,
      points_awarded: 10,
      module_completed: false,
      module_completion_id: null,
      course_completed: false,
      course_completion_id: null,
      explanation: null,
    });
    expect(await progressOf(ctx.db, me.user.id, quizId)).toMatchObject({ wrongAttempts: 1, firstTry: false });

    const repeat = await submitAnswer(ctx.app, me, quizId, '22');
    expect(repeat.json()).toMatchObject({
      correct: true,
      detail: LEARNING_MESSAGES.quizAlreadySolved,
      points_awarded: 0,
    });
    const wrongAfter = await submitAnswer(ctx.app, me, quizId, 'nope');
    expect(wrongAfter.json()).toMatchObject({ correct: false, points_awarded: 0 });
    expect(await progressOf(ctx.db, me.user.id, quizId)).toMatchObject({ wrongAttempts: 1 });
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([
      { points: 10, sourceType: 'quiz', sourceId: quizId, reason: 'Quiz solved: Which port?' },
    ]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10);
  });

  it('records a first-try solve', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    await submitAnswer(ctx.app, me, module.items[1]!.id, '22');
    expect(await progressOf(ctx.db, me.user.id, module.items[1]!.id)).toMatchObject({
      wrongAttempts: 0,
      firstTry: true,
    });
  });

  it('respects case-sensitive answers', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const quizId = module.items[2]!.id;
    expect((await submitAnswer(ctx.app, me, quizId, 'flag{casematters}')).json().correct).toBe(false);
    expect((await submitAnswer(ctx.app, me, quizId, ' FLAG{CaseMatters} ')).json().correct).toBe(true);
  });

  it('awards once across 25 parallel identical correct submissions', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const quizId = module.items[1]!.id;
    const results = await Promise.all(Array.from({ length: 25 }, () => submitAnswer(ctx.app, me, quizId, '22')));
    expect(results.map((res) => res.statusCode)).toEqual(Array(25).fill(200));
    expect(results.every((res) => res.json().correct === true)).toBe(true);
    expect(results.filter((res) => res.json().points_awarded === 10)).toHaveLength(1);
    expect(await ledgerOf(ctx.db, me.user.id)).toHaveLength(1);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(10);
  });

  it('throttles after 10 wrong answers a minute per learner and quiz, with Retry-After', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const quizId = module.items[1]!.id;
    for (let i = 0; i < 10; i += 1) {
      const res = await submitAnswer(ctx.app, me, quizId, `wrong ${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().correct).toBe(false);
    }
    const blocked = await submitAnswer(ctx.app, me, quizId, '22');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: LEARNING_MESSAGES.answerThrottled });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await progressOf(ctx.db, me.user.id, quizId)).toMatchObject({ wrongAttempts: 10, completedAt: null });

    // Another quiz and another learner are not affected.
    expect((await submitAnswer(ctx.app, me, module.items[2]!.id, 'FLAG{CaseMatters}')).statusCode).toBe(200);
    const other = await signedIn();
    await enrollModule(ctx.db, other.user.id, module.id);
    expect((await submitAnswer(ctx.app, other, quizId, '22')).statusCode).toBe(200);
  });

  it('lets at most 10 of a parallel burst of wrong answers be judged', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    const quizId = module.items[1]!.id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitAnswer(ctx.app, me, quizId, `guess ${i}`)),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(10);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(10);
    expect(await progressOf(ctx.db, me.user.id, quizId)).toMatchObject({ wrongAttempts: 10 });
  });

  it('answers 400 before enrollment and for a bad body, with nothing recorded', async () => {
    const module = await richModule();
    const me = await signedIn();
    const quizId = module.items[1]!.id;
    const notEnrolled = await submitAnswer(ctx.app, me, quizId, '22');
    expect(notEnrolled.statusCode).toBe(400);
    expect(notEnrolled.json()).toEqual({ detail: 'Enroll in this module first.' });

    await enrollModule(ctx.db, me.user.id, module.id);
    const url = `/api/courses/quiz/${quizId}/submit_answer/`;
    expect((await call(ctx.app, me, 'POST', url, {})).json()).toEqual({ answer: ['This field is required.'] });
    expect((await call(ctx.app, me, 'POST', url, { answer: '   ' })).json()).toEqual({
      answer: ['This field may not be blank.'],
    });
    expect((await call(ctx.app, me, 'POST', url, { answer: 22 })).statusCode).toBe(400);
    expect((await call(ctx.app, me, 'POST', url, { answer: '22', extra: 1 })).json()).toEqual({
      extra: ['Unknown field.'],
    });
    expect(await progressOf(ctx.db, me.user.id, quizId)).toBeUndefined();
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([]);
  });

  it('answers 404 for a lesson id, unknown or malformed ids; 403 for premium; 401 without a token', async () => {
    const module = await richModule();
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    for (const id of [module.items[0]!.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      expect((await submitAnswer(ctx.app, me, id, '22')).statusCode, id).toBe(404);
    }
    const premium = (await createPremiumCourse(ctx.db)).modules[0]!;
    await enrollModule(ctx.db, me.user.id, premium.id);
    const forbidden = await submitAnswer(ctx.app, me, premium.quizzes[0]!.id, '42');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: LEARNING_MESSAGES.premiumRequired });
    const anonymous = await call(ctx.app, null, 'POST', `/api/courses/quiz/${module.items[1]!.id}/submit_answer/`, {
      answer: '22',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await ledgerOf(ctx.db, me.user.id)).toEqual([]);
  });
});

describe('GET /api/courses/quiz/{id}/terminal_content/', () => {
  it('answers the recorded session and files', async () => {
    const module = await richModule();
    const res = await call(
      ctx.app,
      await signedIn(),
      'GET',
      `/api/courses/quiz/${module.items[1]!.id}/terminal_content/`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      terminalContent({ ...TERMINAL, file_attributes: { '/home/student/notes.txt': fileAttributes() } }),
    );
  });

  it("answers the lab clock, entries that are not replayed, the files with their attributes and defaults; another account's files (a service's own private), the services, the passwords and the network sealed", async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [
        {
          items: [
            {
              kind: 'quiz',
              terminal: {
                hostname: 'web01',
                user: 'student',
                cwd: '/srv/app',
                clock: '2025-03-10T12:00:00Z',
                entries: [
                  { command: 'ls', output: 'db.env  static' },
                  { command: 'nmap -p 22 10.0.0.5', output: '22/tcp open ssh', not_replayed: 'nmap is not in the lab' },
                ],
                tools: ['nmap'],
                files: {
                  '/srv/app/db.env': {
                    content: 'DB_USER=app\n',
                    owner: 'app',
                    mode: '0640',
                    mtime: '2025-03-03T09:40:00Z',
                  },
                  '/srv/app/static': { directory: true, group: 'www-data' },
                  '/srv/app/README': 'plain\n',
                  '/srv/app/data.gz': { base64: 'H4sIAA==' },
                  '/srv/app/reader': { copy_of: '/usr/bin/cat', owner: 'root', mode: '4755' },
                  '/var/lib/db': { directory: true, owner: 'postgres' },
                  '/var/lib/db/rows': { content: 'alice\n', owner: 'postgres' },
                },
                network: { address: '10.10.0.5/24' },
                hosts: [{ name: 'db.lab.internal', address: '10.10.0.30', aliases: ['db'] }],
                services: [
                  { name: 'db', user: 'postgres', command: 'sqlite-server', host: 'db.lab.internal', ports: [5432] },
                ],
                accounts: [{ name: 'deploy', password: 'Tr0ub4dor' }],
              },
            },
          ],
        },
      ],
    });
    const quizId = course.modules[0]!.items[0]!.id;
    const res = await call(ctx.app, await signedIn(), 'GET', `/api/courses/quiz/${quizId}/terminal_content/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      terminalContent({
        hostname: 'web01',
        cwd: '/srv/app',
        clock: '2025-03-10T12:00:00Z',
        entries: [
          { command: 'ls', output: 'db.env  static' },
          { command: 'nmap -p 22 10.0.0.5', output: '22/tcp open ssh', not_replayed: 'nmap is not in the lab' },
        ],
        files: {
          '/srv/app/static': '',
          '/srv/app/README': 'plain\n',
          '/srv/app/data.gz': 'H4sIAA==',
          '/srv/app/reader': '',
        },
        file_attributes: {
          '/srv/app/static': fileAttributes({ group: 'www-data', mode: '0755', directory: true }),
          '/srv/app/README': fileAttributes(),
          '/srv/app/data.gz': fileAttributes({ encoding: 'base64' }),
          '/srv/app/reader': fileAttributes({ owner: 'root', group: 'root', mode: '4755', copy_of: '/usr/bin/cat' }),
        },
        // The network is the learner's to discover: it travels sealed, as the services do.
        network: null,
        hosts: [],
        services: [],
        accounts: [],
        sealed: { salt: expect.stringMatching(/^[0-9a-f]{32}$/), data: expect.any(String), networked: true },
        // Named when the content was imported: the page fetches their files once the prompt shows.
        tools: ['nmap'],
      }),
    );
    // The guest opens the rest: the files with their owners and modes (a service's own private by default), the
    // service as declared, the password hashed in the guest, the network and its hosts.
    const sealed = openSealedLab(res.json().sealed);
    for (const text of ['DB_USER=app', 'alice', 'sqlite-server', "'Tr0ub4dor'", 'addr add 10.10.0.30/24 dev eth0'])
      expect(sealed).toContain(text);
    expect(sealed).toMatch(/chown -h app:app '?\/srv\/app\/db.env/);
    expect(sealed).toMatch(/chmod 0640 '?\/srv\/app\/db.env/);
    expect(sealed).toMatch(/chown -h postgres:postgres '?\/var\/lib\/db'? '?\/var\/lib\/db\/rows/);
    expect(sealed).toMatch(/chmod 0700 '?\/var\/lib\/db'?\n/);
    expect(sealed).toMatch(/chmod 0600 '?\/var\/lib\/db\/rows/);
  });

  it('answers 404 for a quiz without terminal content, a lesson, unknown and malformed ids', async () => {
    const module = await richModule();
    const me = await signedIn();
    for (const id of [module.items[2]!.id, module.items[0]!.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await call(ctx.app, me, 'GET', `/api/courses/quiz/${id}/terminal_content/`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('answers 403 for premium content to a free learner and 401 without a token', async () => {
    const premium = await createPremiumCourse(ctx.db, { modules: [{ items: [{ kind: 'quiz', terminal: TERMINAL }] }] });
    const url = `/api/courses/quiz/${premium.modules[0]!.quizzes[0]!.id}/terminal_content/`;
    expect((await call(ctx.app, await signedIn(), 'GET', url)).statusCode).toBe(403);
    expect((await call(ctx.app, await signedIn({ premium: true }), 'GET', url)).statusCode).toBe(200);
    expect((await call(ctx.app, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('answers never leak', () => {
  it('no response to a learner contains the answer of a quiz they have not solved', async () => {
    const secrets = ['Zebra-Unsolved-7Q', 'alt-answer-K9', 'Solved-Later-X2'];
    const course = await createFreeCourse(ctx.db, {
      modules: [
        {
          items: [
            { kind: 'quiz', answers: [secrets[0]!, secrets[1]!], answerFormat: null, terminal: TERMINAL },
            { kind: 'quiz', answers: [secrets[2]!] },
          ],
        },
      ],
    });
    const module = course.modules[0]!;
    const [unsolved, solvedLater] = module.quizzes;
    const me = await signedIn();
    const bodies: string[] = [];
    const record = async (res: Promise<{ body: string }>) => bodies.push((await res).body);
    await record(call(ctx.app, me, 'POST', `/api/courses/enroll_course/${course.id}/`));
    await record(call(ctx.app, me, 'GET', '/api/courses/course_list/'));
    await record(call(ctx.app, me, 'GET', `/api/courses/course/${course.id}/modules/`));
    await record(call(ctx.app, me, 'GET', `/api/courses/module_list/?course=${course.id}`));
    await record(call(ctx.app, me, 'GET', `/api/courses/module/${module.id}/lessons/`));
    await record(call(ctx.app, me, 'GET', `/api/courses/quiz/${unsolved!.id}/terminal_content/`));
    await record(submitAnswer(ctx.app, me, unsolved!.id, 'zebra'));
    await record(submitAnswer(ctx.app, me, solvedLater!.id, secrets[2]!.toLowerCase()));
    await record(call(ctx.app, me, 'GET', `/api/courses/module/${module.id}/lessons/`));
    await record(call(ctx.app, me, 'GET', '/api/users/module-progress/'));
    await record(call(ctx.app, me, 'GET', '/api/points/pointshistory/'));
    await record(call(ctx.app, me, 'GET', '/api/navbar/'));
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain(secrets[0]!.toLowerCase());
      expect(body.toLowerCase()).not.toContain(secrets[1]!.toLowerCase());
    }
    // The solved one appears only in the lessons view, after it was solved.
    const withSolved = bodies.filter((body) => body.includes(secrets[2]!));
    expect(withSolved).toHaveLength(1);
    expect(JSON.parse(withSolved[0]!).items[1]).toMatchObject({ solved: true, answer_if_solved: secrets[2] });
  });
});
