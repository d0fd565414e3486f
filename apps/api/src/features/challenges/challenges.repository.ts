import { stepPoints, stepPointsAs, visible, visibleAs } from '../content/effective-content.ts';
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  challengeAttempts,
  challengeSteps,
  challenges,
  stepProgress,
  users,
  type ChallengeAttachment,
  type ChallengeLabContent,
  type Executor,
  rowsOf,
} from '@bastion/db';
import {
  DEFAULT_PUBLIC_PROFILE_SETTINGS,
  type Access,
  type ChallengeCategory,
  type Difficulty,
} from '@bastion/contract';

/** Raw rows give timestamps as text on one driver and Date on the other. */
const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export interface ChallengeFilter {
  challengeId?: string;
  category?: ChallengeCategory;
  difficulty?: Difficulty;
  status?: 'not_started' | 'in_progress' | 'completed';
  access?: 'all' | 'free' | 'premium';
}

export interface ChallengeRow {
  id: string;
  title: string;
  summary: string;
  description: string;
  category: ChallengeCategory;
  difficulty: Difficulty;
  access: Access;
  attachments: ChallengeAttachment[];
  lab: ChallengeLabContent | null;
  points: number;
  steps_count: number;
  solves: number;
  first_blood: string | null;
  attempt_id: string | null;
  started_at: Date | null;
  completed_at: Date | null;
}

/**
 * Visible challenges with their totals and the learner's attempt. Solves and first blood count active
 * accounts only, as the leaderboard does. Raw SQL because the sub-selects bind to the outer `c`.
 */
export async function listChallenges(db: Executor, userId: string, filter: ChallengeFilter): Promise<ChallengeRow[]> {
  const conditions: SQL[] = [sql`${visibleAs('c')}`];
  if (filter.challengeId) conditions.push(sql`c.id = ${filter.challengeId}`);
  if (filter.category) conditions.push(sql`c.category = ${filter.category}`);
  if (filter.difficulty) conditions.push(sql`c.difficulty = ${filter.difficulty}`);
  if (filter.access === 'free' || filter.access === 'premium') conditions.push(sql`c.access = ${filter.access}`);
  if (filter.status === 'not_started') conditions.push(sql`a.id is null`);
  if (filter.status === 'in_progress') conditions.push(sql`a.id is not null and a.completed_at is null`);
  if (filter.status === 'completed') conditions.push(sql`a.completed_at is not null`);
  const rows = await rowsOf<ChallengeRow>(
    db,
    sql`
    select c.id, c.title, c.summary, c.description, c.category, c.difficulty, c.access, c.attachments, c.lab,
      coalesce(s.points, 0)::int as points, coalesce(s.steps_count, 0)::int as steps_count,
      coalesce(v.solves, 0)::int as solves, fb.username as first_blood,
      a.id as attempt_id, a.started_at, a.completed_at
    from challenges c
    left join lateral (
      select sum(${stepPointsAs('cs')}) as points, count(*) as steps_count
      from challenge_steps cs where cs.challenge_id = c.id) s on true
    left join lateral (
      select count(*) as solves from challenge_attempts ca
      join users u on u.id = ca.user_id and u.is_active
      where ca.challenge_id = c.id and ca.completed_at is not null) v on true
    left join lateral (
      select u.username from challenge_attempts ca
      join users u on u.id = ca.user_id and u.is_active
      where ca.challenge_id = c.id and ca.first_blood limit 1) fb on true
    left join challenge_attempts a on a.challenge_id = c.id and a.user_id = ${userId}
    where ${sql.join(conditions, sql` and `)}
    order by c.position, c.title, c.id`,
  );
  return rows.map((row) => ({ ...row, started_at: asDate(row.started_at), completed_at: asDate(row.completed_at) }));
}

/** The categories of the visible challenges, each once. */
export async function listCategories(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: challenges.category })
    .from(challenges)
    .where(visible(challenges.id, challenges.hidden));
  return rows.map((row) => row.category);
}

/** The challenge's steps in order with the learner's progress on each. Holds answers: never send a row as is. */
export async function listSteps(db: Executor, userId: string, challengeId: string) {
  return db
    .select({
      id: challengeSteps.id,
      position: challengeSteps.position,
      title: challengeSteps.title,
      question: challengeSteps.question,
      answerFormat: challengeSteps.answerFormat,
      points: stepPoints(challengeSteps.id, challengeSteps.points).mapWith(Number),
      hint: challengeSteps.hint,
      hintCost: challengeSteps.hintCost,
      answers: challengeSteps.answers,
      answerPatterns: challengeSteps.answerPatterns,
      caseSensitive: challengeSteps.caseSensitive,
      solution: challengeSteps.solution,
      hintTakenAt: stepProgress.hintTakenAt,
      solvedAt: stepProgress.solvedAt,
      pointsAwarded: stepProgress.pointsAwarded,
    })
    .from(challengeSteps)
    .leftJoin(stepProgress, and(eq(stepProgress.stepId, challengeSteps.id), eq(stepProgress.userId, userId)))
    .where(eq(challengeSteps.challengeId, challengeId))
    .orderBy(asc(challengeSteps.position));
}
export type StepRow = Awaited<ReturnType<typeof listSteps>>[number];

const attemptColumns = {
  id: challengeAttempts.id,
  startedAt: challengeAttempts.startedAt,
  completedAt: challengeAttempts.completedAt,
  pointsEarned: challengeAttempts.pointsEarned,
  hintsUsed: challengeAttempts.hintsUsed,
  firstBlood: challengeAttempts.firstBlood,
};

export async function findAttempt(db: Executor, userId: string, challengeId: string) {
  const [row] = await db
    .select(attemptColumns)
    .from(challengeAttempts)
    .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.challengeId, challengeId)))
    .limit(1);
  return row;
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** The attempt, locked until the transaction ends: one learner's answers and hints on a challenge take turns. */
export async function lockAttempt(tx: Executor, userId: string, challengeId: string) {
  const [row] = await tx
    .select(attemptColumns)
    .from(challengeAttempts)
    .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.challengeId, challengeId)))
    .for('update')
    .limit(1);
  return row;
}

/** Inserts the attempt unless it exists; true when this call created it. */
export async function insertAttempt(db: Executor, userId: string, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(challengeAttempts)
    .values({ userId, challengeId, startedAt: now })
    .onConflictDoNothing({ target: [challengeAttempts.userId, challengeAttempts.challengeId] })
    .returning({ id: challengeAttempts.id });
  return rows.length === 1;
}

/** Marks the step solved with its points; false when it already was (nothing changed). */
export async function solveStep(
  tx: Executor,
  userId: string,
  stepId: string,
  points: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(stepProgress)
    .values({ userId, stepId, solvedAt: now, pointsAwarded: points })
    .onConflictDoUpdate({
      target: [stepProgress.userId, stepProgress.stepId],
      set: { solvedAt: now, pointsAwarded: points },
      setWhere: sql`${stepProgress.solvedAt} is null`,
    })
    .returning({ stepId: stepProgress.stepId });
  return rows.length === 1;
}

/** Counts a wrong answer to the step (one statement, outside any transaction). */
export async function countWrongAnswer(db: Executor, userId: string, stepId: string): Promise<void> {
  await db
    .insert(stepProgress)
    .values({ userId, stepId, wrongAttempts: 1 })
    .onConflictDoUpdate({
      target: [stepProgress.userId, stepProgress.stepId],
      set: { wrongAttempts: sql`${stepProgress.wrongAttempts} + 1` },
    });
}

/** Records the hint as taken; false when it already was. */
export async function takeHint(tx: Executor, userId: string, stepId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(stepProgress)
    .values({ userId, stepId, hintTakenAt: now })
    .onConflictDoUpdate({
      target: [stepProgress.userId, stepProgress.stepId],
      set: { hintTakenAt: now },
      setWhere: sql`${stepProgress.hintTakenAt} is null`,
    })
    .returning({ stepId: stepProgress.stepId });
  return rows.length === 1;
}

/** Sets the attempt's hint count from the hints actually taken on the challenge's steps. */
export async function refreshHintsUsed(tx: Executor, attemptId: string, userId: string, challengeId: string) {
  await tx
    .update(challengeAttempts)
    .set({
      hintsUsed: sql`(select count(*)::int from ${stepProgress} sp
        join ${challengeSteps} cs on cs.id = sp.step_id
        where sp.user_id = ${userId} and cs.challenge_id = ${challengeId} and sp.hint_taken_at is not null)`,
    })
    .where(eq(challengeAttempts.id, attemptId));
}

/** Whether any other attempt at the challenge is completed. */
export async function otherCompletionExists(tx: Executor, challengeId: string, attemptId: string): Promise<boolean> {
  const rows = await rowsOf<{ found: number }>(
    tx,
    sql`select 1 as found from challenge_attempts
      where challenge_id = ${challengeId} and completed_at is not null and id <> ${attemptId} limit 1`,
  );
  return rows.length > 0;
}

export async function completeAttempt(
  tx: Executor,
  attemptId: string,
  values: { completedAt: Date; pointsEarned: number; hintsUsed: number; firstBlood: boolean },
): Promise<void> {
  await tx.update(challengeAttempts).set(values).where(eq(challengeAttempts.id, attemptId));
}

/** Leaderboard order, as SQL over an attempt aliased `ca`. */
const boardOrder = sql`ca.points_earned desc, (ca.completed_at - ca.started_at) asc, ca.completed_at asc, ca.id asc`;

export interface BoardRow {
  attempt_id: string;
  user_id: string;
  username: string;
  /** The solver's public-profile setting (off: shown anonymously to others, decision 0194). */
  profile_public: boolean;
  photo_id: string | null;
  country: string;
  points: number;
  started_at: Date;
  completed_at: Date;
  first_blood: boolean;
}

/** The challenge's best solvers (active accounts), best first. */
export async function leaderboard(db: Executor, challengeId: string, limit: number): Promise<BoardRow[]> {
  const rows = await rowsOf<BoardRow>(
    db,
    sql`
    select ca.id as attempt_id, u.id as user_id, u.username, u.photo_id, u.country, ca.points_earned as points,
      coalesce((u.public_profile ->> 'is_public')::boolean, ${DEFAULT_PUBLIC_PROFILE_SETTINGS.is_public}) as profile_public,
      ca.started_at, ca.completed_at, ca.first_blood
    from challenge_attempts ca
    join users u on u.id = ca.user_id and u.is_active
    where ca.challenge_id = ${challengeId} and ca.completed_at is not null
    order by ${boardOrder}
    limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    profile_public: row.profile_public === true,
    started_at: asDate(row.started_at)!,
    completed_at: asDate(row.completed_at)!,
  }));
}

export async function countSolves(db: Executor, challengeId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(challengeAttempts)
    .innerJoin(users, and(eq(users.id, challengeAttempts.userId), eq(users.isActive, true)))
    .where(and(eq(challengeAttempts.challengeId, challengeId), isNotNull(challengeAttempts.completedAt)))
    .limit(1);
  return Number(row?.total ?? 0);
}

/** 1 + the solvers ahead of this completed attempt in leaderboard order. */
export async function rankOf(db: Executor, challengeId: string, attemptId: string): Promise<number> {
  const [row] = await rowsOf<{ ahead: number }>(
    db,
    sql`
    select count(*)::int as ahead
    from challenge_attempts ca
    join users u on u.id = ca.user_id and u.is_active
    join challenge_attempts me on me.id = ${attemptId}
    where ca.challenge_id = ${challengeId} and ca.completed_at is not null and ca.id <> me.id and (
      ca.points_earned > me.points_earned
      or (ca.points_earned = me.points_earned and (
        (ca.completed_at - ca.started_at) < (me.completed_at - me.started_at)
        or ((ca.completed_at - ca.started_at) = (me.completed_at - me.started_at) and (
          ca.completed_at < me.completed_at or (ca.completed_at = me.completed_at and ca.id < me.id))))))`,
  );
  return Number(row?.ahead ?? 0) + 1;
}

const challengeRefColumns = {
  challengeId: challenges.id,
  challengeTitle: challenges.title,
  category: challenges.category,
  difficulty: challenges.difficulty,
  challengePoints: sql<number>`(select coalesce(sum(${stepPointsAs('cs')}), 0)::int from ${challengeSteps} cs
    where cs.challenge_id = ${challenges.id})`.mapWith(Number),
};

/** The learner's attempts, newest first (a hidden challenge keeps its record). */
export async function listHistory(db: Executor, userId: string, window: { limit: number; offset: number }) {
  return db
    .select({ ...attemptColumns, ...challengeRefColumns })
    .from(challengeAttempts)
    .innerJoin(challenges, eq(challenges.id, challengeAttempts.challengeId))
    .where(eq(challengeAttempts.userId, userId))
    .orderBy(desc(challengeAttempts.startedAt), desc(challengeAttempts.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countHistory(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(challengeAttempts).where(eq(challengeAttempts.userId, userId));
  return Number(row?.total ?? 0);
}

/** A completed attempt for its public page; only an active account's record is shown. */
export async function findCompletion(db: Executor, attemptId: string) {
  const [row] = await db
    .select({
      ...attemptColumns,
      ...challengeRefColumns,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      photoId: users.photoId,
      publicProfile: users.publicProfile,
    })
    .from(challengeAttempts)
    .innerJoin(challenges, eq(challenges.id, challengeAttempts.challengeId))
    .innerJoin(users, eq(users.id, challengeAttempts.userId))
    .where(and(eq(challengeAttempts.id, attemptId), isNotNull(challengeAttempts.completedAt), eq(users.isActive, true)))
    .limit(1);
  return row;
}

/** The access (free or premium) of every visible challenge that lists the attachment at `url`. */
export async function attachmentAccess(db: Executor, url: string): Promise<Access[]> {
  const rows = await db
    .select({ access: challenges.access })
    .from(challenges)
    .where(
      and(
        visible(challenges.id, challenges.hidden),
        sql`${challenges.attachments} @> ${JSON.stringify([{ url }])}::jsonb`,
      ),
    );
  return rows.map((row) => row.access);
}
