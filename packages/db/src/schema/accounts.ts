import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PublicProfileSettings } from '@bastion/contract';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const timestamps = { mode: 'date' as const, withTimezone: true };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    country: text('country').notNull().default(''),
    bio: text('bio').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    photoId: uuid('photo_id'),
    isVerified: boolean('is_verified').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumUntil: timestamp('premium_until', timestamps),
    premiumSource: text('premium_source'),
    points: integer('points').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    lastActiveDay: date('last_active_day', { mode: 'string' }),
    publicProfile: jsonb('public_profile').$type<PublicProfileSettings>().notNull(),
    dateJoined: timestamp('date_joined', timestamps).notNull().defaultNow(),
    lastLogin: timestamp('last_login', timestamps),
    passwordChangedAt: timestamp('password_changed_at', timestamps).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Rank by points, ties by earlier join: counting the learners ahead is an index-only range scan.
    index('users_rank_idx').on(t.points.desc(), t.dateJoined, t.id),
    // The premium-expiry sweep looks only at premium learners.
    index('users_premium_until_idx')
      .on(t.premiumUntil)
      .where(sql`${t.isPremium}`),
  ],
);

/** One signed-in device. Revoking it kills its refresh tokens and its access tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', timestamps).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', timestamps).notNull(),
    revokedAt: timestamp('revoked_at', timestamps),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every refresh token ever issued, so a rotated one presented again is recognised as reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', timestamps).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', timestamps).notNull(),
    rotatedAt: timestamp('rotated_at', timestamps),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Uploaded images (avatars), kept in the database so any instance can serve them. */
export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
});

/** Spent captcha solutions: each is accepted once, across every instance. */
export const captchaSpent = pgTable('captcha_spent', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', timestamps).notNull(),
});
