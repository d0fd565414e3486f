import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LEARNER, DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { courseCompletions, courses, media, moduleCompletions, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser, type TestUser } from '../../../test/fixtures.ts';
import { createCourse, type CreatedCourse } from '../../../test/learning-fixtures.ts';
import { inspectPdf } from '../../../test/pdf-inspect.ts';

let ctx: TestContext;
let course: CreatedCourse;
let other: CreatedCourse;
let learner: TestUser;
let stranger: TestUser;
let auth: { authorization: string };
let strangerAuth: { authorization: string };
let older: { id: string; serial: string };
let newer: { id: string; serial: string };
let strangersCertificate: string;

const NOT_FOUND = { detail: 'Not found.' };

async function complete(userId: string, courseId: string, serial: string, completedAt: Date, pointsEarned = 150) {
  const [row] = await ctx.db
    .insert(courseCompletions)
    .values({ userId, courseId, serial, completedAt, pointsEarned })
    .returning({ id: courseCompletions.id, serial: courseCompletions.serial });
  return row!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  course = await createCourse(ctx.db, { title: 'Linux Fundamentals' });
  other = await createCourse(ctx.db, { title: 'Networking Essentials' });
  learner = await createUser(ctx.db, { firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await createUser(ctx.db, { firstName: 'Eve', lastName: 'Stranger' });
  auth = await authHeader(ctx.app, learner.id);
  strangerAuth = await authHeader(ctx.app, stranger.id);
  older = await complete(learner.id, course.id, 'BST-2026-AAAA-1111', new Date('2026-03-03T10:00:00Z'), 180);
  newer = await complete(learner.id, other.id, 'BST-2026-BBBB-2222', new Date('2026-04-20T23:30:00Z'), 160);
  strangersCertificate = (
    await complete(stranger.id, course.id, 'BST-2026-CCCC-3333', new Date('2026-05-01T00:00:00Z'))
  ).id;
});
afterAll(() => ctx.close());

describe('GET /api/users/certificates/', () => {
  it("lists only the learner's own course completions, newest first", async () => {
    const res = await ctx.app.inject({ url: '/api/users/certificates/', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        serial: 'BST-2026-BBBB-2222',
        course: { id: other.id, title: 'Networking Essentials' },
        completed_at: '2026-04-20T23:30:00.000Z',
        points_earned: 160,
        verification_url: `http://bastion.test/completion/course/${newer.id}`,
      },
      {
        id: older.id,
        serial: 'BST-2026-AAAA-1111',
        course: { id: course.id, title: 'Linux Fundamentals' },
        completed_at: '2026-03-03T10:00:00.000Z',
        points_earned: 180,
        verification_url: `http://bastion.test/completion/course/${older.id}`,
      },
    ]);
  });

  it('answers an empty array for a learner without certificates, also without the trailing slash', async () => {
    const fresh = await createUser(ctx.db);
    const res = await ctx.app.inject({ url: '/api/users/certificates', headers: await authHeader(ctx.app, fresh.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('keeps a certificate whose course was hidden', async () => {
    const gone = await createCourse(ctx.db, { title: 'Retired course' });
    const user = await createUser(ctx.db);
    const cert = await complete(user.id, gone.id, 'BST-2026-DDDD-4444', new Date('2026-01-01T00:00:00Z'));
    await ctx.db.update(courses).set({ hidden: true }).where(eq(courses.id, gone.id));
    const res = await ctx.app.inject({ url: '/api/users/certificates/', headers: await authHeader(ctx.app, user.id) });
    expect(res.json()).toEqual([
      expect.objectContaining({ id: cert.id, course: { id: gone.id, title: 'Retired course' } }),
    ]);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ url: '/api/users/certificates/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated' });
  });
});

describe('GET /api/users/certificates/{id}/', () => {
  it('answers one certificate of the learner', async () => {
    const res = await ctx.app.inject({ url: `/api/users/certificates/${older.id}/`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: older.id, serial: older.serial, course: { id: course.id } });
  });

  it("answers 404 for another learner's certificate, an unknown id and a malformed one", async () => {
    for (const id of [strangersCertificate, randomUUID(), 'not-a-uuid', `${older.id}x`]) {
      const res = await ctx.app.inject({ url: `/api/users/certificates/${id}/`, headers: auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('needs a sign-in', async () => {
    expect((await ctx.app.inject({ url: `/api/users/certificates/${older.id}/` })).statusCode).toBe(401);
  });
});

describe('GET /api/users/certificates/{id}/pdf/', () => {
  it('downloads an A4 landscape PDF with the name, course, date, serial, URL and a QR code of the URL', async () => {
    const res = await ctx.app.inject({ url: `/api/users/certificates/${older.id}/pdf/`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const slug = (await ctx.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, course.id)))[0]!.slug;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bastion-certificate-${slug}-BST-2026-AAAA-1111.pdf"`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await inspectPdf(res.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeCloseTo(841.89, 1);
    expect(pdf.pages[0]!.height).toBeCloseTo(595.28, 1);
    expect(pdf.title).toBe('Certificate of Completion: Linux Fundamentals');
    const url = `http://bastion.test/completion/course/${older.id}`;
    expect(pdf.texts).toEqual(
      expect.arrayContaining([
        'Certificate of Completion',
        'Ada Lovelace',
        'Linux Fundamentals',
        'BST-2026-AAAA-1111',
        url,
        expect.stringContaining('Completed on 3 March 2026'),
        expect.stringContaining('180 points earned'),
      ]),
    );
    expect(pdf.qrCodes).toEqual([url]);
  });

  it('prints the username when the name is empty or cannot be printed, and keeps accented names', async () => {
    const cases: [Partial<typeof users.$inferInsert>, (user: TestUser) => string][] = [
      [{ firstName: '', lastName: '' }, (user) => user.username],
      [{ firstName: '李', lastName: '雷' }, (user) => user.username],
      [{ firstName: 'Zoë', lastName: 'Ñúñez' }, () => 'Zoë Ñúñez'],
    ];
    for (const [names, expected] of cases) {
      const user = await createUser(ctx.db, names);
      const cert = await complete(user.id, course.id, `BST-2026-NAME-${randomUUID().slice(0, 4)}`, new Date());
      const res = await ctx.app.inject({
        url: `/api/users/certificates/${cert.id}/pdf/`,
        headers: await authHeader(ctx.app, user.id),
      });
      expect(res.statusCode).toBe(200);
      expect((await inspectPdf(res.rawPayload)).texts).toContain(expected(user));
    }
  });

  it("answers 404 for another learner's certificate and bad ids, and 401 signed out", async () => {
    for (const id of [strangersCertificate, randomUUID(), 'nope']) {
      const res = await ctx.app.inject({ url: `/api/users/certificates/${id}/pdf/`, headers: auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const own = await ctx.app.inject({
      url: `/api/users/certificates/${strangersCertificate}/pdf/`,
      headers: strangerAuth,
    });
    expect(own.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/users/certificates/${older.id}/pdf/` })).statusCode).toBe(401);
  });
});

describe('public completion records (signed out)', () => {
  it('shows a course completion with public user fields only', async () => {
    const [photo] = await ctx.db
      .insert(media)
      .values({ ownerId: learner.id, kind: 'avatar', contentType: 'image/webp', data: Buffer.from('x') })
      .returning({ id: media.id });
    await ctx.db.update(users).set({ photoId: photo!.id }).where(eq(users.id, learner.id));
    await ctx.db
      .update(courses)
      .set({ image: '/media/content/x.svg', difficulty: 'medium' })
      .where(eq(courses.id, course.id));

    const res = await ctx.app.inject({ url: `/api/courses/completed_course/${older.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: older.id,
      user: { username: learner.username, full_name: 'Ada Lovelace', photo: `/media/avatars/${photo!.id}.webp` },
      course: {
        id: course.id,
        title: 'Linux Fundamentals',
        summary: 'A course made by the tests.',
        difficulty: 'medium',
        image: '/media/content/x.svg',
      },
      serial: 'BST-2026-AAAA-1111',
      completed_at: '2026-03-03T10:00:00.000Z',
      points_earned: 180,
    });
    expect(res.body).not.toContain(learner.email);
    expect(res.body).not.toContain('"email"');
  });

  it('shows a module completion', async () => {
    const module = course.modules[0]!;
    const [row] = await ctx.db
      .insert(moduleCompletions)
      .values({
        userId: learner.id,
        moduleId: module.id,
        pointsEarned: 40,
        completedAt: new Date('2026-03-01T08:00:00Z'),
      })
      .returning({ id: moduleCompletions.id });
    const res = await ctx.app.inject({ url: `/api/courses/completed_module/${row!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: row!.id,
      user: expect.objectContaining({ username: learner.username, full_name: 'Ada Lovelace' }),
      module: {
        id: module.id,
        title: module.title,
        summary: 'A module made by the tests.',
        difficulty: 'easy',
        image: null,
      },
      completed_at: '2026-03-01T08:00:00.000Z',
      points_earned: 40,
    });
    expect(res.body).not.toContain(learner.email);
    // A course completion's id is not a module completion's.
    expect((await ctx.app.inject({ url: `/api/courses/completed_module/${older.id}/` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/courses/completed_course/${row!.id}/` })).statusCode).toBe(404);
  });

  it('does not name a learner whose public profile is off on a module completion, but names the holder of a certificate', async () => {
    const hidden = await createUser(ctx.db, {
      firstName: 'Hedy',
      lastName: 'Lamarr',
      photoId: randomUUID(),
      publicProfile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false },
    });
    const [moduleRow] = await ctx.db
      .insert(moduleCompletions)
      .values({ userId: hidden.id, moduleId: course.modules[0]!.id, pointsEarned: 40, completedAt: new Date() })
      .returning({ id: moduleCompletions.id });
    const moduleRes = await ctx.app.inject({ url: `/api/courses/completed_module/${moduleRow!.id}/` });
    expect(moduleRes.statusCode).toBe(200);
    expect(moduleRes.json().user).toEqual({ username: null, full_name: ANONYMOUS_LEARNER, photo: null });
    for (const secret of [hidden.username, 'Hedy', 'Lamarr', '/media/avatars/']) {
      expect(moduleRes.body).not.toContain(secret);
    }

    // The certificate's verification page is there to say who holds it: its holder shares the link on purpose.
    const certificate = await complete(hidden.id, course.id, 'BST-2026-HIDE-0001', new Date());
    const courseRes = await ctx.app.inject({ url: `/api/courses/completed_course/${certificate.id}/` });
    expect(courseRes.json().user).toMatchObject({ username: hidden.username, full_name: 'Hedy Lamarr' });
  });

  it('answers 404 for unknown and malformed ids, and for a deactivated account', async () => {
    for (const kind of ['completed_module', 'completed_course']) {
      for (const id of [randomUUID(), 'abc', '1']) {
        const res = await ctx.app.inject({ url: `/api/courses/${kind}/${id}/` });
        expect(res.statusCode, `${kind}/${id}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, stranger.id));
    const res = await ctx.app.inject({ url: `/api/courses/completed_course/${strangersCertificate}/` });
    expect(res.statusCode).toBe(404);
  });
});
