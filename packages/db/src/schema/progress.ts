import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { users } from './accounts.ts';
import { badges, challengeSteps, challenges, courses, moduleItems, modules } from './content.ts';
import { timestamps } from './timestamps.ts';

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    userId: userRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', timestamps).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const moduleEnrollments = pgTable(
  'module_enrollments',
  {
    userId: userRef(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', timestamps).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', timestamps).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index('module_enrollments_module_idx').on(t.moduleId)],
);

/** A learner's state on one lesson or quiz. `completedAt` set = lesson read / quiz solved. */
export const itemProgress = pgTable(
  'item_progress',
  {
    userId: userRef(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => moduleItems.id, { onDelete: 'cascade' }),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    completedAt: timestamp('completed_at', timestamps),
    /** A quiz solved with no wrong answer before it (the `quiz_first_try` badge rule). */
    firstTry: boolean('first_try').notNull().default(false),
    /** When the learner took the quiz's hint (before solving it); its cost comes off the award. */
    hintTakenAt: timestamp('hint_taken_at', timestamps),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    // The console's hint use per day.
    index('item_progress_hint_taken_idx')
      .on(t.hintTakenAt)
      .where(sql`${t.hintTakenAt} is not null`),
  ],
);

/** Module completion; its id is the public completion record's id. */
export const moduleCompletions = pgTable(
  'module_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', timestamps).notNull().defaultNow(),
    pointsEarned: integer('points_earned').notNull().default(0),
    shareSeen: boolean('share_seen').notNull().default(false),
  },
  (t) => [
    uniqueIndex('module_completions_user_module_key').on(t.userId, t.moduleId),
    index('module_completions_module_idx').on(t.moduleId),
    index('module_completions_completed_idx').on(t.completedAt),
  ],
);

/** Course completion; its id is the certificate's id. */
export const courseCompletions = pgTable(
  'course_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', timestamps).notNull().defaultNow(),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** Human-readable certificate serial, e.g. `BST-2026-4F7K-9QX2`. */
    serial: text('serial').notNull(),
  },
  (t) => [
    uniqueIndex('course_completions_user_course_key').on(t.userId, t.courseId),
    uniqueIndex('course_completions_serial_key').on(t.serial),
  ],
);

/** `adjustment`: points an operator awarded or deducted, with a reason. */
export type PointSourceType =
  'lesson' | 'quiz' | 'module' | 'course' | 'badge' | 'challenge_step' | 'coupon' | 'adjustment';

/**
 * The append-only points ledger. One row per (user, source): the unique key is what makes a
 * double click, a retried request or two parallel requests award once.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    sourceType: text('source_type').$type<PointSourceType>().notNull(),
    sourceId: text('source_id').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_source_key').on(t.userId, t.sourceType, t.sourceId),
    index('points_ledger_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('points_ledger_created_idx').on(t.createdAt),
  ],
);

/** Points per learner per day in the learner's time zone: streaks and the activity series. */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: userRef(),
    day: date('day', { mode: 'string' }).notNull(),
    points: integer('points').notNull().default(0),
  },
  // The console's active-learner counts read the recent days only.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('daily_activity_day_idx').on(t.day)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: timestamp('earned_at', timestamps).notNull().defaultNow(),
    seenAt: timestamp('seen_at', timestamps),
  },
  (t) => [
    uniqueIndex('user_badges_user_badge_key').on(t.userId, t.badgeId),
    index('user_badges_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
  ],
);

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export const notifications = pgTable(
  'notifications',
  {
    // Time-ordered ids break ties between notifications created within the same clock tick.
    id: uuid('id')
      .primaryKey()
      .defaultRandom()
      .$defaultFn(() => uuidv7()),
    userId: userRef(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').$type<NotificationType>().notNull().default('info'),
    /** An in-app path such as `/courses/module/{id}/lessons`, or null. */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

/** A learner's run at a challenge; its id is the public completion record's id. */
export const challengeAttempts = pgTable(
  'challenge_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', timestamps).notNull().defaultNow(),
    completedAt: timestamp('completed_at', timestamps),
    pointsEarned: integer('points_earned').notNull().default(0),
    hintsUsed: integer('hints_used').notNull().default(0),
    firstBlood: boolean('first_blood').notNull().default(false),
  },
  (t) => [
    uniqueIndex('challenge_attempts_user_challenge_key').on(t.userId, t.challengeId),
    index('challenge_attempts_completed_idx').on(t.challengeId, t.completedAt),
    index('challenge_attempts_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    // At most one first blood per challenge, whatever the race.
    uniqueIndex('challenge_attempts_first_blood_key')
      .on(t.challengeId)
      .where(sql`${t.firstBlood}`),
  ],
);

export const stepProgress = pgTable(
  'step_progress',
  {
    userId: userRef(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => challengeSteps.id, { onDelete: 'cascade' }),
    hintTakenAt: timestamp('hint_taken_at', timestamps),
    solvedAt: timestamp('solved_at', timestamps),
    pointsAwarded: integer('points_awarded'),
    /** Wrong answers given to the step (the console's most missed steps). */
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stepId] }),
    index('step_progress_hint_taken_idx')
      .on(t.hintTakenAt)
      .where(sql`${t.hintTakenAt} is not null`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    points: integer('points').notNull(),
    requiredPoints: integer('required_points').notNull().default(0),
    expiresAt: timestamp('expires_at', timestamps),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    premiumOnly: boolean('premium_only').notNull().default(false),
    /** An upgrade code: the premium days it grants (0: a points code only). */
    premiumDays: integer('premium_days').notNull().default(0),
    /** Null: anyone; otherwise only these user ids. */
    allowedUserIds: uuid('allowed_user_ids').array(),
    disabledAt: timestamp('disabled_at', timestamps),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: userRef(),
    points: integer('points').notNull(),
    redeemedAt: timestamp('redeemed_at', timestamps).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_coupon_user_key').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId, t.redeemedAt.desc()),
  ],
);
