import { and, asc, count, desc, eq, exists, gt, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LearnerRole, LearnerSort, LearnerState } from '@bastion/contract';
import {
  challengeAttempts,
  courseCompletions,
  itemProgress,
  moduleCompletions,
  sessions,
  twoFactor,
  users,
  type Executor,
} from '@bastion/db';
import type { PageWindow } from '../../lib/pagination.ts';
import { containing } from '../../lib/contains.ts';

/** Part of the username, the email address, or the full name. */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  return or(
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

const SORT_COLUMNS = {
  username: users.username,
  date_joined: users.dateJoined,
  points: users.points,
  last_login: users.lastLogin,
} as const;

function ordering(sort: LearnerSort): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  // Never signed in sorts last either way; the id keeps pages stable among equals.
  const primary = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return [primary, descending ? desc(users.id) : asc(users.id)];
}

const ROLE_FILTERS: Record<LearnerRole, SQL | undefined> = {
  learners: eq(users.isStaff, false),
  staff: eq(users.isStaff, true),
  everyone: undefined,
};

/** Two-factor sign-in turned on (enrollment finished). */
const withTwoFactor = (db: Executor) =>
  exists(
    db
      .select({ on: sql`1` })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, users.id), isNotNull(twoFactor.enabledAt))),
  );

function stateFilter(db: Executor, state: LearnerState | undefined, now: Date): SQL | undefined {
  switch (state) {
    case 'disabled':
      return eq(users.isActive, false);
    case 'premium':
      return and(eq(users.isPremium, true), or(isNull(users.premiumUntil), gt(users.premiumUntil, now)));
    case 'unverified':
      return eq(users.isVerified, false);
    case 'two_factor':
      return withTwoFactor(db);
    default:
      return undefined;
  }
}

export interface LearnerFilter {
  search?: string;
  role: LearnerRole;
  state?: LearnerState;
  /** What Premium "now" means. */
  now: Date;
}

const filtering = (db: Executor, filter: LearnerFilter) =>
  and(ROLE_FILTERS[filter.role], stateFilter(db, filter.state, filter.now), matching(filter.search));

export function searchLearners(db: Executor, query: LearnerFilter & { sort: LearnerSort }, window: PageWindow) {
  return db
    .select()
    .from(users)
    .where(filtering(db, query))
    .orderBy(...ordering(query.sort))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countLearners(db: Executor, filter: LearnerFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(filtering(db, filter));
  return row?.n ?? 0;
}

/** The next `limit` accounts the filter matches, newest first, after `after` (the last one sent); with two-factor. */
export function learnersBatch(
  db: Executor,
  filter: LearnerFilter,
  after: { dateJoined: Date; id: string } | null,
  limit: number,
) {
  const older = after
    ? or(lt(users.dateJoined, after.dateJoined), and(eq(users.dateJoined, after.dateJoined), lt(users.id, after.id)))
    : undefined;
  return db
    .select({ user: users, twoFactor: sql<boolean>`${withTwoFactor(db)}` })
    .from(users)
    .where(and(filtering(db, filter), older))
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(limit);
}

const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;

/** What the learner has finished. */
export async function learnerProgress(db: Executor, userId: string) {
  const [items, modules, courses, challenges] = await Promise.all([
    countOf(
      db
        .select({ n: count() })
        .from(itemProgress)
        .where(and(eq(itemProgress.userId, userId), isNotNull(itemProgress.completedAt))),
    ),
    countOf(db.select({ n: count() }).from(moduleCompletions).where(eq(moduleCompletions.userId, userId))),
    countOf(db.select({ n: count() }).from(courseCompletions).where(eq(courseCompletions.userId, userId))),
    countOf(
      db
        .select({ n: count() })
        .from(challengeAttempts)
        .where(and(eq(challengeAttempts.userId, userId), isNotNull(challengeAttempts.completedAt))),
    ),
  ]);
  return { lessons_and_quizzes: items, modules, courses, challenges };
}

export function recentSessions(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(limit);
}

export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: twoFactor.enabledAt })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}
