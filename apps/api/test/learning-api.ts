import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  itemProgress,
  moduleCompletions,
  moduleEnrollments,
  notifications,
  pointsLedger,
  users,
  type Db,
} from '@bastion/db';
import type { App } from '../src/app.ts';
import { authHeader, createUser, type TestUser } from './fixtures.ts';

export interface Learner {
  user: TestUser;
  headers: { authorization: string };
}

/** A learner with a bearer header; `premium` grants an open-ended premium. */
export async function learner(
  app: App,
  db: Db,
  options: { premium?: boolean } & Parameters<typeof createUser>[1] = {},
): Promise<Learner> {
  const { premium, ...overrides } = options;
  const user = await createUser(db, { isPremium: premium ?? false, ...overrides });
  const { authorization } = await authHeader(app, user.id);
  return { user, headers: { authorization } };
}

export function call(
  app: App,
  who: Learner | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who ? who.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const completeLesson = (app: App, who: Learner, id: string) =>
  call(app, who, 'POST', `/api/courses/lesson/${id}/complete/`);
export const submitAnswer = (app: App, who: Learner, id: string, answer: string) =>
  call(app, who, 'POST', `/api/courses/quiz/${id}/submit_answer/`, { answer });

export async function ledgerOf(db: Db, userId: string) {
  return db
    .select({
      points: pointsLedger.points,
      sourceType: pointsLedger.sourceType,
      sourceId: pointsLedger.sourceId,
      reason: pointsLedger.reason,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
}

export async function pointsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row!.points;
}

export async function progressOf(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(itemProgress)
    .where(and(eq(itemProgress.userId, userId), eq(itemProgress.itemId, itemId)));
  return row;
}

export async function moduleCompletionsOf(db: Db, userId: string) {
  return db.select().from(moduleCompletions).where(eq(moduleCompletions.userId, userId));
}

export async function notificationsOf(db: Db, userId: string) {
  return db
    .select({ title: notifications.title, link: notifications.link, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

export async function isEnrolled(db: Db, userId: string, moduleId: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(moduleEnrollments)
    .where(and(eq(moduleEnrollments.userId, userId), eq(moduleEnrollments.moduleId, moduleId)));
  return rows.length > 0;
}

export const NOT_A_UUID = ['not-a-uuid', '12345', '00000000-0000-0000-0000-00000000000g'];
export const UNKNOWN_ID = '6f1c1a9e-8a52-4c36-9a57-8d8f3a6c2b11';
