import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@bastion/contract';
import { courseEnrollments, moduleEnrollments, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import {
  createCourse,
  createFreeCourse,
  createPremiumCourse,
  enrollCourse,
  enrollModule,
} from '../../../test/learning-fixtures.ts';
import {
  call,
  completeLesson,
  isEnrolled,
  learner,
  NOT_A_UUID,
  submitAnswer,
  UNKNOWN_ID,
} from '../../../test/learning-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
type Who = Awaited<ReturnType<typeof signedIn>>;

async function courseList(who: Who) {
  const res = await call(ctx.app, who, 'GET', '/api/courses/course_list/');
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string }[];
}

async function courseEnrolled(userId: string, courseId: string) {
  const rows = await ctx.db
    .select()
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)));
  return rows.length > 0;
}

describe('GET /api/courses/course_list/', () => {
  it('lists visible courses with the learner state, as a plain array', async () => {
    const course = await createFreeCourse(ctx.db, { title: 'Linux basics' });
    const premium = await createPremiumCourse(ctx.db);
    const hidden = await createFreeCourse(ctx.db, { hidden: true });
    const me = await signedIn();
    const list = await courseList(me);
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((c) => c.id === hidden.id)).toBeUndefined();
    expect(list.find((c) => c.id === course.id)).toEqual({
      id: course.id,
      slug: expect.any(String),
      title: 'Linux basics',
      summary: 'A course made by the tests.',
      description: 'Course description.',
      difficulty: 'easy',
      access: 'free',
      image: null,
      minutes: 30,
      modules_count: 2,
      items_count: 4,
      points: 2 * 15 + 2 * 25,
      completion_bonus: 100,
      prerequisites: [],
      enrolled: false,
      progress: 0,
      completed: false,
      completion_id: null,
      locked: false,
    });
    expect(list.find((c) => c.id === premium.id)).toMatchObject({ access: 'premium', locked: true });
    const paid = await courseList(await signedIn({ premium: true }));
    expect(paid.find((c) => c.id === premium.id)).toMatchObject({ locked: false });
  });

  it('reports enrollment and progress over visible items', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [
        { items: [{ kind: 'lesson' }, { kind: 'lesson' }, { kind: 'quiz' }, { kind: 'lesson', hidden: true }] },
      ],
    });
    const me = await signedIn();
    await enrollCourse(ctx.db, me.user.id, course);
    await completeLesson(ctx.app, me, course.modules[0]!.lessons[0]!.id);
    expect((await courseList(me)).find((c) => c.id === course.id)).toMatchObject({
      enrolled: true,
      items_count: 3,
      progress: 33,
      completed: false,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await call(ctx.app, null, 'GET', '/api/courses/course_list/')).statusCode).toBe(401);
  });
});

describe('GET /api/courses/course/{id}/modules/', () => {
  it('answers the course and its visible modules in order', async () => {
    const course = await createCourse(ctx.db, {
      modules: [{ title: 'First' }, { title: 'Hidden', hidden: true }, { title: 'Third', access: 'premium' }],
    });
    const me = await signedIn();
    const res = await call(ctx.app, me, 'GET', `/api/courses/course/${course.id}/modules/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.course).toMatchObject({ id: course.id, modules_count: 2 });
    expect(body.modules.map((m: { title: string }) => m.title)).toEqual(['First', 'Third']);
    expect(body.modules[0]).toEqual({
      id: course.modules[0]!.id,
      slug: expect.any(String),
      title: 'First',
      summary: 'A module made by the tests.',
      difficulty: 'easy',
      access: 'free',
      image: null,
      minutes: 15,
      order: 1,
      course: { id: course.id, slug: expect.any(String), title: course.title },
      lessons_count: 1,
      quizzes_count: 1,
      points: 15,
      completion_bonus: 25,
      enrolled: false,
      progress: 0,
      completed: false,
      completion_id: null,
      locked: false,
      share_seen: false,
    });
    expect(body.modules[1]).toMatchObject({ access: 'premium', locked: true, order: 3 });
  });

  it('answers 404 for unknown, malformed and hidden courses; 401 without a token', async () => {
    const hidden = await createFreeCourse(ctx.db, { hidden: true });
    const me = await signedIn();
    for (const id of [UNKNOWN_ID, hidden.id, ...NOT_A_UUID]) {
      const res = await call(ctx.app, me, 'GET', `/api/courses/course/${id}/modules/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const course = await createFreeCourse(ctx.db);
    expect((await call(ctx.app, null, 'GET', `/api/courses/course/${course.id}/modules/`)).statusCode).toBe(401);
  });
});

describe('POST /api/courses/enroll_course/{id}/', () => {
  const enroll = (who: Who | null, id: string) => call(ctx.app, who, 'POST', `/api/courses/enroll_course/${id}/`);

  it('enrolls in the course and its modules: 201 the first time, 200 after', async () => {
    const course = await createFreeCourse(ctx.db);
    const me = await signedIn();
    const first = await enroll(me, course.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: 'You have enrolled in the course.' });
    expect(await courseEnrolled(me.user.id, course.id)).toBe(true);
    for (const module of course.modules) expect(await isEnrolled(ctx.db, me.user.id, module.id)).toBe(true);
    const again = await enroll(me, course.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: LEARNING_MESSAGES.courseEnrolled });
  });

  it('leaves out premium modules of a free course for a free learner, adding them once premium', async () => {
    const course = await createCourse(ctx.db, { modules: [{}, { access: 'premium' }, { hidden: true }] });
    const me = await signedIn();
    expect((await enroll(me, course.id)).statusCode).toBe(201);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[0]!.id)).toBe(true);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[1]!.id)).toBe(false);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[2]!.id)).toBe(false);
    const paid = await signedIn({ premium: true });
    await enroll(paid, course.id);
    expect(await isEnrolled(ctx.db, paid.user.id, course.modules[1]!.id)).toBe(true);
  });

  it('covers the modules a learner may open later: Premium ones once upgraded, ones added to the course', async () => {
    const course = await createCourse(ctx.db, { modules: [{}, { access: 'premium' }] });
    const me = await signedIn();
    expect((await enroll(me, course.id)).statusCode).toBe(201);
    const moduleList = async () => {
      const res = await call(ctx.app, me, 'GET', `/api/courses/module_list/?course=${course.id}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { results: { id: string; enrolled: boolean; locked: boolean }[] }).results;
    };
    expect((await moduleList()).map((m) => [m.enrolled, m.locked])).toEqual([
      [true, false],
      [false, true],
    ]);
    // Upgraded: the Premium module is the learner's with no Enroll of its own.
    await ctx.db.update(users).set({ isPremium: true }).where(eq(users.id, me.user.id));
    expect((await moduleList()).map((m) => [m.enrolled, m.locked])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[1]!.id)).toBe(true);
    // A learner not enrolled in the course gets nothing from it.
    const other = await signedIn({ premium: true });
    await call(ctx.app, other, 'GET', `/api/courses/module_list/?course=${course.id}`);
    expect(await isEnrolled(ctx.db, other.user.id, course.modules[1]!.id)).toBe(false);
  });

  it('enrolls once across parallel requests', async () => {
    const course = await createFreeCourse(ctx.db);
    const me = await signedIn();
    const results = await Promise.all(Array.from({ length: 10 }, () => enroll(me, course.id)));
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(9);
  });

  it('answers 403 for a premium course to a free learner, enrolling nothing', async () => {
    const course = await createPremiumCourse(ctx.db);
    const me = await signedIn();
    const res = await enroll(me, course.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: LEARNING_MESSAGES.premiumRequired });
    expect(await courseEnrolled(me.user.id, course.id)).toBe(false);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[0]!.id)).toBe(false);
    expect((await enroll(await signedIn({ premium: true }), course.id)).statusCode).toBe(201);
  });

  it('answers 404 for unknown, malformed and hidden courses; 401 without a token', async () => {
    const hidden = await createFreeCourse(ctx.db, { hidden: true });
    const me = await signedIn();
    for (const id of [UNKNOWN_ID, hidden.id, ...NOT_A_UUID]) {
      expect((await enroll(me, id)).statusCode, id).toBe(404);
    }
    expect(await courseEnrolled(me.user.id, hidden.id)).toBe(false);
    expect((await enroll(null, (await createFreeCourse(ctx.db)).id)).statusCode).toBe(401);
  });
});

describe('POST /api/courses/enroll_module/{id}/', () => {
  const enroll = (who: Who | null, id: string) => call(ctx.app, who, 'POST', `/api/courses/enroll_module/${id}/`);

  it('enrolls in the module only: 201 the first time, 200 after', async () => {
    const course = await createFreeCourse(ctx.db);
    const me = await signedIn();
    const first = await enroll(me, course.modules[0]!.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: 'You have enrolled in the module.' });
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[0]!.id)).toBe(true);
    expect(await isEnrolled(ctx.db, me.user.id, course.modules[1]!.id)).toBe(false);
    expect(await courseEnrolled(me.user.id, course.id)).toBe(false);
    const again = await enroll(me, course.modules[0]!.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: LEARNING_MESSAGES.moduleEnrolled });
    // Enrollment unlocks completing its lessons.
    expect((await completeLesson(ctx.app, me, course.modules[0]!.lessons[0]!.id)).statusCode).toBe(200);
  });

  it('answers 403 for a premium module (or one in a premium course) to a free learner', async () => {
    const inPremiumCourse = (await createPremiumCourse(ctx.db)).modules[0]!;
    const premiumModule = (await createCourse(ctx.db, { modules: [{ access: 'premium' }] })).modules[0]!;
    const me = await signedIn();
    for (const module of [inPremiumCourse, premiumModule]) {
      const res = await enroll(me, module.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: LEARNING_MESSAGES.premiumRequired });
      expect(await isEnrolled(ctx.db, me.user.id, module.id)).toBe(false);
    }
    expect((await enroll(await signedIn({ premium: true }), premiumModule.id)).statusCode).toBe(201);
  });

  it('answers 404 for unknown, malformed and hidden modules; 401 without a token', async () => {
    const hidden = (await createFreeCourse(ctx.db, { modules: [{ hidden: true }] })).modules[0]!;
    const me = await signedIn();
    for (const id of [UNKNOWN_ID, hidden.id, ...NOT_A_UUID]) {
      expect((await enroll(me, id)).statusCode, id).toBe(404);
    }
    expect((await enroll(null, (await createFreeCourse(ctx.db)).modules[0]!.id)).statusCode).toBe(401);
  });
});

describe('GET /api/courses/module_list/', () => {
  const list = (who: Who | null, query: string) => call(ctx.app, who, 'GET', `/api/courses/module_list/${query}`);

  it('pages the modules of visible courses with the contract shape', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [{}, {}, {}, { hidden: true }],
    });
    const me = await signedIn();
    const first = await list(me, `?course=${course.id}&page_size=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      count: 3,
      next: `/api/courses/module_list/?course=${course.id}&page_size=2&page=2`,
      previous: null,
    });
    expect(first.json().results.map((m: { id: string }) => m.id)).toEqual([
      course.modules[0]!.id,
      course.modules[1]!.id,
    ]);
    const second = await list(me, `?course=${course.id}&page_size=2&page=2`);
    expect(second.json().results.map((m: { id: string }) => m.id)).toEqual([course.modules[2]!.id]);
    expect(second.json().next).toBeNull();
    expect((await list(me, `?course=${course.id}&page_size=2&page=3`)).statusCode).toBe(404);
  });

  it('filters by difficulty and access, treating empty parameters as absent', async () => {
    const course = await createCourse(ctx.db, {
      modules: [{ difficulty: 'easy' }, { difficulty: 'hard', access: 'premium' }, { difficulty: 'medium' }],
    });
    const [easy, hardPremium, medium] = course.modules.map((m) => m.id);
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, medium!);
    const ids = async (query: string) => {
      const res = await list(me, `?course=${course.id}${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().results.map((m: { id: string }) => m.id);
    };
    expect(await ids('&difficulty=hard')).toEqual([hardPremium]);
    expect(await ids('&access=premium')).toEqual([hardPremium]);
    expect(await ids('&access=free')).toEqual([easy, medium]);
    expect(await ids('&access=all')).toEqual([easy, hardPremium, medium]);
    expect(await ids('&access=enrolled')).toEqual([medium]);
    expect(await ids('&access=completed')).toEqual([]);
    expect(await ids('&page=&difficulty=&access=&search=')).toEqual([easy, hardPremium, medium]);

    const premiumCourse = await createPremiumCourse(ctx.db, { modules: [{}] });
    const res = await list(me, `?course=${premiumCourse.id}&access=premium`);
    expect(res.json().results).toEqual([expect.objectContaining({ access: 'premium', locked: true })]);
  });

  it('lists completed modules under access=completed', async () => {
    const course = await createFreeCourse(ctx.db, { modules: [{ items: [{ kind: 'lesson' }] }, {}] });
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, course.modules[0]!.id);
    await completeLesson(ctx.app, me, course.modules[0]!.lessons[0]!.id);
    const res = await list(me, `?course=${course.id}&access=completed`);
    expect(res.json().results).toEqual([
      expect.objectContaining({ id: course.modules[0]!.id, completed: true, progress: 100 }),
    ]);
  });

  it('searches title and summary in full text', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [
        { title: 'Packet sniffing with tcpdump', summary: 'Capture traffic.' },
        { title: 'Firewalls', summary: 'Filtering packets with nftables rules.' },
        { title: 'Passwords', summary: 'Hashing and salting.' },
      ],
    });
    const me = await signedIn();
    const titles = async (search: string) => {
      const res = await list(me, `?course=${course.id}&search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return res.json().results.map((m: { title: string }) => m.title);
    };
    expect(await titles('packet')).toEqual(['Packet sniffing with tcpdump', 'Firewalls']);
    expect(await titles('hashing')).toEqual(['Passwords']);
    expect(await titles('packets -firewall')).toEqual(['Packet sniffing with tcpdump']);
    expect(await titles('"salting and hashing"')).toEqual([]);
    expect(await titles('kerberos')).toEqual([]);
    expect(await titles("'); drop table modules; --")).toEqual([]);
  });

  it('answers 400 for bad filters and page sizes, 401 without a token', async () => {
    const me = await signedIn();
    expect((await list(me, '?difficulty=extreme')).json()).toHaveProperty('difficulty');
    expect((await list(me, '?access=mine')).json()).toHaveProperty('access');
    expect((await list(me, '?course=not-a-uuid')).json()).toHaveProperty('course');
    expect((await list(me, '?page=0')).statusCode).toBe(400);
    expect((await list(me, '?page_size=101')).statusCode).toBe(400);
    expect((await list(me, `?search=${'a'.repeat(201)}`)).statusCode).toBe(400);
    expect((await list(null, '')).statusCode).toBe(401);
  });

  it('answers an empty first page for an unknown course', async () => {
    const res = await list(await signedIn(), `?course=${UNKNOWN_ID}`);
    expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('POST /api/courses/module/{id}/mark_share_seen/', () => {
  const markSeen = (who: Who | null, id: string) =>
    call(ctx.app, who, 'POST', `/api/courses/module/${id}/mark_share_seen/`);

  it('marks the completion share prompt seen', async () => {
    const course = await createFreeCourse(ctx.db, { modules: [{ items: [{ kind: 'quiz' }] }] });
    const module = course.modules[0]!;
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, module.id);
    await submitAnswer(ctx.app, me, module.quizzes[0]!.id, '42');
    const res = await markSeen(me, module.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ share_seen: true });
    expect((await markSeen(me, module.id)).json()).toEqual({ share_seen: true });
    const view = await call(ctx.app, me, 'GET', `/api/courses/module/${module.id}/lessons/`);
    expect(view.json().module).toMatchObject({ completed: true, share_seen: true });
  });

  it('answers 404 without a completion of the module, and for unknown or malformed ids', async () => {
    const course = await createFreeCourse(ctx.db);
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, course.modules[0]!.id);
    for (const id of [course.modules[0]!.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await markSeen(me, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await markSeen(null, course.modules[0]!.id)).statusCode).toBe(401);
  });
});

describe('GET /api/users/module-progress/', () => {
  const progress = (who: Who | null, query = '') => call(ctx.app, who, 'GET', `/api/users/module-progress/${query}`);

  it('pages the enrolled modules, most recently active first', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [{ items: [{ kind: 'lesson' }] }, { items: [{ kind: 'lesson' }, { kind: 'quiz' }] }, {}],
    });
    const me = await signedIn();
    await enrollModule(ctx.db, me.user.id, course.modules[2]!.id);
    ctx.clock.advance(1000);
    await call(ctx.app, me, 'POST', `/api/courses/enroll_module/${course.modules[0]!.id}/`);
    await call(ctx.app, me, 'POST', `/api/courses/enroll_module/${course.modules[1]!.id}/`);
    ctx.clock.advance(1000);
    await completeLesson(ctx.app, me, course.modules[1]!.lessons[0]!.id);
    ctx.clock.advance(1000);
    await completeLesson(ctx.app, me, course.modules[0]!.lessons[0]!.id);
    const completedAt = ctx.clock.now();

    const res = await progress(me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    expect(body.results.map((r: { module: { id: string } }) => r.module.id)).toEqual([
      course.modules[0]!.id,
      course.modules[1]!.id,
      course.modules[2]!.id,
    ]);
    const [done, half, untouched] = body.results;
    expect(done).toEqual({
      module: expect.objectContaining({ id: course.modules[0]!.id, completed: true }),
      progress: 100,
      completed: true,
      completed_at: expect.any(String),
      completion_id: expect.any(String),
      last_activity: expect.any(String),
    });
    expect(Math.abs(Date.parse(done.completed_at) - completedAt.getTime())).toBeLessThan(1000);
    expect(half).toMatchObject({ progress: 50, completed: false, completed_at: null, completion_id: null });
    expect(untouched).toMatchObject({ progress: 0, completed: false });

    const paged = await progress(me, '?page=2&page_size=2');
    expect(paged.json()).toMatchObject({ count: 3, previous: '/api/users/module-progress/?page=1&page_size=2' });
    expect(paged.json().results).toHaveLength(1);
    expect((await progress(me, '?page=3&page_size=2')).statusCode).toBe(404);
  });

  it('answers an empty page for a learner with no enrollment, 400 for a bad page, 401 without a token', async () => {
    const me = await signedIn();
    expect((await progress(me)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await progress(me, '?page=abc')).statusCode).toBe(400);
    expect((await progress(null)).statusCode).toBe(401);
  });
});

describe('enrollment rows', () => {
  it('enroll_course rows carry the time of enrollment', async () => {
    const course = await createFreeCourse(ctx.db);
    const me = await signedIn();
    await call(ctx.app, me, 'POST', `/api/courses/enroll_course/${course.id}/`);
    const [row] = await ctx.db
      .select()
      .from(moduleEnrollments)
      .where(and(eq(moduleEnrollments.userId, me.user.id), eq(moduleEnrollments.moduleId, course.modules[0]!.id)));
    expect(Math.abs(row!.enrolledAt.getTime() - ctx.clock.now().getTime())).toBeLessThan(1000);
  });
});
