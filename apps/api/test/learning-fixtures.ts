import { randomUUID } from 'node:crypto';
import {
  courseEnrollments,
  courses,
  moduleEnrollments,
  moduleItems,
  modules,
  type Db,
  type TerminalContent,
} from '@bastion/db';
import type { Access, Difficulty } from '@bastion/contract';

/** One lesson or quiz. Lessons default to 5 points, quizzes to 10 with the answer `42`. */
export interface FixtureItem {
  kind: 'lesson' | 'quiz';
  title?: string;
  points?: number;
  /** Estimated minutes, as the import computes them; null when not given. */
  minutes?: number;
  hidden?: boolean;
  /** Lesson Markdown. */
  content?: string;
  question?: string;
  answers?: string[];
  caseSensitive?: boolean;
  answerFormat?: string | null;
  terminal?: TerminalContent | null;
  /** Quiz Markdown shown once solved. */
  explanation?: string | null;
  hint?: string | null;
  hintCost?: number;
}

export interface FixtureModule {
  title?: string;
  summary?: string;
  difficulty?: Difficulty;
  access?: Access;
  minutes?: number;
  hidden?: boolean;
  /** Defaults to one lesson and one quiz. */
  items?: FixtureItem[];
}

export interface FixtureCourse {
  title?: string;
  summary?: string;
  difficulty?: Difficulty;
  access?: Access;
  hidden?: boolean;
  /** Courses to take first, by slug. */
  prerequisites?: { course: string; skills: string }[];
  /** Defaults to two modules of one lesson and one quiz each. */
  modules?: FixtureModule[];
}

export interface CreatedItem {
  id: string;
  kind: 'lesson' | 'quiz';
  title: string;
  points: number;
  /** Accepted answers (quizzes), for submitting them in tests. */
  answers: string[];
}
export interface CreatedModule {
  id: string;
  title: string;
  items: CreatedItem[];
  lessons: CreatedItem[];
  quizzes: CreatedItem[];
}
export interface CreatedCourse {
  id: string;
  slug: string;
  title: string;
  modules: CreatedModule[];
}

let counter = 0;
const DEFAULT_ITEMS: FixtureItem[] = [{ kind: 'lesson' }, { kind: 'quiz' }];

/** Inserts a course with its modules, lessons and quizzes straight into the database. */
export async function createCourse(db: Db, spec: FixtureCourse = {}): Promise<CreatedCourse> {
  counter += 1;
  const tag = `${counter}-${randomUUID().slice(0, 8)}`;
  const [course] = await db
    .insert(courses)
    .values({
      slug: `course-${tag}`,
      source: 'test',
      position: counter,
      title: spec.title ?? `Course ${tag}`,
      summary: spec.summary ?? 'A course made by the tests.',
      description: 'Course description.',
      difficulty: spec.difficulty ?? 'easy',
      access: spec.access ?? 'free',
      hidden: spec.hidden ?? false,
      prerequisites: spec.prerequisites ?? [],
    })
    .returning({ id: courses.id, slug: courses.slug, title: courses.title });
  const created: CreatedCourse = { id: course!.id, slug: course!.slug, title: course!.title, modules: [] };
  const moduleSpecs = spec.modules ?? [{}, {}];
  for (const [index, moduleSpec] of moduleSpecs.entries()) {
    created.modules.push(await createModule(db, created.id, { access: spec.access, ...moduleSpec }, index + 1));
  }
  return created;
}

export function createFreeCourse(db: Db, spec: Omit<FixtureCourse, 'access'> = {}) {
  return createCourse(db, { ...spec, access: 'free' });
}

export function createPremiumCourse(db: Db, spec: Omit<FixtureCourse, 'access'> = {}) {
  return createCourse(db, { ...spec, access: 'premium' });
}

/** Adds one module (at `position`) to an existing course. */
export async function createModule(
  db: Db,
  courseId: string,
  spec: FixtureModule = {},
  position = 1,
): Promise<CreatedModule> {
  counter += 1;
  const tag = `${counter}-${randomUUID().slice(0, 8)}`;
  const [module] = await db
    .insert(modules)
    .values({
      slug: `module-${tag}`,
      source: 'test',
      position,
      courseId,
      title: spec.title ?? `Module ${tag}`,
      summary: spec.summary ?? 'A module made by the tests.',
      difficulty: spec.difficulty ?? 'easy',
      access: spec.access ?? 'free',
      minutes: spec.minutes ?? 15,
      hidden: spec.hidden ?? false,
    })
    .returning({ id: modules.id, title: modules.title });
  const items: CreatedItem[] = [];
  for (const [index, item] of (spec.items ?? DEFAULT_ITEMS).entries()) {
    const lesson = item.kind === 'lesson';
    const answers = lesson ? [] : (item.answers ?? ['42']);
    const title = item.title ?? `${lesson ? 'Lesson' : 'Quiz'} ${index + 1} of ${module!.title}`;
    const [row] = await db
      .insert(moduleItems)
      .values({
        slug: `item-${index + 1}`,
        source: 'test',
        position: index + 1,
        moduleId: module!.id,
        kind: item.kind,
        title,
        points: item.points ?? (lesson ? 5 : 10),
        minutes: item.minutes ?? null,
        hidden: item.hidden ?? false,
        content: lesson ? (item.content ?? `# ${title}\n\nSome text.`) : null,
        question: lesson ? null : (item.question ?? 'What is the answer?'),
        answers: lesson ? null : answers,
        caseSensitive: item.caseSensitive ?? false,
        answerFormat: lesson ? null : item.answerFormat === undefined ? '**' : item.answerFormat,
        terminal: item.terminal ?? null,
        explanation: item.explanation ?? null,
        hint: item.hint ?? null,
        hintCost: item.hintCost ?? 0,
      })
      .returning({ id: moduleItems.id, points: moduleItems.points });
    items.push({ id: row!.id, kind: item.kind, title, points: row!.points, answers });
  }
  return {
    id: module!.id,
    title: module!.title,
    items,
    lessons: items.filter((item) => item.kind === 'lesson'),
    quizzes: items.filter((item) => item.kind === 'quiz'),
  };
}

/** Enrolls the learner in the module straight in the database (no access check). */
export async function enrollModule(db: Db, userId: string, moduleId: string): Promise<void> {
  await db.insert(moduleEnrollments).values({ userId, moduleId }).onConflictDoNothing();
}

/** Enrolls the learner in the course and every module of it, straight in the database. */
export async function enrollCourse(db: Db, userId: string, course: CreatedCourse): Promise<void> {
  await db.insert(courseEnrollments).values({ userId, courseId: course.id }).onConflictDoNothing();
  for (const module of course.modules) await enrollModule(db, userId, module.id);
}
