import { randomUUID } from 'node:crypto';
import {
  badges,
  challengeAttempts,
  challenges,
  couponRedemptions,
  coupons,
  courseCompletions,
  courses,
  itemProgress,
  moduleCompletions,
  moduleItems,
  modules,
  type Db,
  type Executor,
} from '@bastion/db';
import type { BadgeRuleKind } from '@bastion/contract';

/** Rows for badge, notification and dashboard tests, inserted straight into the tables. */

const SOURCE = 'test';
const slug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

let position = 0;

export async function insertBadge(
  db: Db,
  rule: { kind: BadgeRuleKind; threshold: number; points?: number; name?: string; hidden?: boolean },
) {
  position += 1;
  const name = rule.name ?? `${rule.kind} ${rule.threshold} #${position}`;
  const [row] = await db
    .insert(badges)
    .values({
      slug: slug('badge'),
      source: SOURCE,
      position,
      hidden: rule.hidden ?? false,
      name,
      description: `Reach ${rule.threshold} (${rule.kind}).`,
      image: `/media/badges/${position}.svg`,
      points: rule.points ?? 0,
      ruleKind: rule.kind,
      ruleThreshold: rule.threshold,
    })
    .returning();
  return row!;
}

/** A course with one module holding `lessons` lessons then `quizzes` quizzes (5 and 10 points). */
export async function insertModule(db: Db, shape: { lessons: number; quizzes: number; title?: string }) {
  const [course] = await db
    .insert(courses)
    .values({ slug: slug('course'), source: SOURCE, title: 'Test course', difficulty: 'easy', access: 'free' })
    .returning();
  const [module] = await db
    .insert(modules)
    .values({
      slug: slug('module'),
      source: SOURCE,
      courseId: course!.id,
      title: shape.title ?? 'Test module',
      difficulty: 'easy',
      access: 'free',
      minutes: 30,
    })
    .returning();
  const items = [];
  for (let i = 0; i < shape.lessons + shape.quizzes; i += 1) {
    const kind = i < shape.lessons ? 'lesson' : 'quiz';
    const [item] = await db
      .insert(moduleItems)
      .values({
        slug: slug(kind),
        source: SOURCE,
        position: i + 1,
        moduleId: module!.id,
        kind,
        title: `${kind} ${i + 1}`,
        points: kind === 'lesson' ? 5 : 10,
        ...(kind === 'quiz' ? { question: 'Q?', answers: ['a'] } : { content: 'Text' }),
      })
      .returning();
    items.push(item!);
  }
  return { course: course!, module: module!, items };
}

export async function completeItem(db: Executor, userId: string, itemId: string, at: Date, firstTry = false) {
  await db.insert(itemProgress).values({ userId, itemId, completedAt: at, firstTry });
}

export async function completeModule(db: Db, userId: string, moduleId: string, at: Date) {
  await db.insert(moduleCompletions).values({ userId, moduleId, completedAt: at });
}

export async function completeCourse(db: Db, userId: string, courseId: string, at: Date) {
  await db.insert(courseCompletions).values({ userId, courseId, completedAt: at, serial: slug('BST') });
}

export async function insertChallenge(db: Db) {
  const [row] = await db
    .insert(challenges)
    .values({
      slug: slug('challenge'),
      source: SOURCE,
      title: 'Test challenge',
      category: 'web',
      difficulty: 'easy',
      access: 'free',
    })
    .returning();
  return row!;
}

/** A run at a fresh challenge; completed unless `completedAt` is null. */
export async function insertAttempt(
  db: Db,
  userId: string,
  values: { completedAt: Date | null; hintsUsed?: number; firstBlood?: boolean },
) {
  const challenge = await insertChallenge(db);
  await db.insert(challengeAttempts).values({
    userId,
    challengeId: challenge.id,
    completedAt: values.completedAt,
    hintsUsed: values.hintsUsed ?? 0,
    firstBlood: values.firstBlood ?? false,
  });
}

export async function insertRedemption(db: Db, userId: string) {
  const [coupon] = await db
    .insert(coupons)
    .values({ code: slug('CODE').toUpperCase(), points: 5 })
    .returning();
  await db.insert(couponRedemptions).values({ couponId: coupon!.id, userId, points: 5 });
}
