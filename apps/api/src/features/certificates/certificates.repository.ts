import { and, desc, eq } from 'drizzle-orm';
import { courseCompletions, courses, moduleCompletions, modules, users, type Executor } from '@bastion/db';

const completionUser = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  photoId: users.photoId,
  publicProfile: users.publicProfile,
};

const certificateColumns = {
  id: courseCompletions.id,
  serial: courseCompletions.serial,
  completedAt: courseCompletions.completedAt,
  pointsEarned: courseCompletions.pointsEarned,
  courseId: courses.id,
  courseSlug: courses.slug,
  courseTitle: courses.title,
};

/** The learner's course completions, newest first. A hidden course keeps its certificates. */
export async function listCertificates(db: Executor, userId: string) {
  return db
    .select(certificateColumns)
    .from(courseCompletions)
    .innerJoin(courses, eq(courses.id, courseCompletions.courseId))
    .where(eq(courseCompletions.userId, userId))
    .orderBy(desc(courseCompletions.completedAt), desc(courseCompletions.id));
}
export type CertificateRow = Awaited<ReturnType<typeof listCertificates>>[number];

/** One of the learner's certificates, with the name to print on it. */
export async function findCertificate(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select({ ...certificateColumns, ...completionUser })
    .from(courseCompletions)
    .innerJoin(courses, eq(courses.id, courseCompletions.courseId))
    .innerJoin(users, eq(users.id, courseCompletions.userId))
    .where(and(eq(courseCompletions.id, id), eq(courseCompletions.userId, userId)))
    .limit(1);
  return row;
}

/** A course completion for its public page; only an active account's record is shown. */
export async function findCourseCompletion(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: courseCompletions.id,
      serial: courseCompletions.serial,
      completedAt: courseCompletions.completedAt,
      pointsEarned: courseCompletions.pointsEarned,
      content: {
        id: courses.id,
        title: courses.title,
        summary: courses.summary,
        difficulty: courses.difficulty,
        image: courses.image,
      },
      ...completionUser,
    })
    .from(courseCompletions)
    .innerJoin(courses, eq(courses.id, courseCompletions.courseId))
    .innerJoin(users, eq(users.id, courseCompletions.userId))
    .where(and(eq(courseCompletions.id, id), eq(users.isActive, true)))
    .limit(1);
  return row;
}

export async function findModuleCompletion(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: moduleCompletions.id,
      completedAt: moduleCompletions.completedAt,
      pointsEarned: moduleCompletions.pointsEarned,
      content: {
        id: modules.id,
        title: modules.title,
        summary: modules.summary,
        difficulty: modules.difficulty,
        image: modules.image,
      },
      ...completionUser,
    })
    .from(moduleCompletions)
    .innerJoin(modules, eq(modules.id, moduleCompletions.moduleId))
    .innerJoin(users, eq(users.id, moduleCompletions.userId))
    .where(and(eq(moduleCompletions.id, id), eq(users.isActive, true)))
    .limit(1);
  return row;
}
