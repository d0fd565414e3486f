import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { timestamps } from './timestamps.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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
    /** An owner is staff who may make or unmake staff and act on other staff accounts (docs/console.md). */
    isOwner: boolean('is_owner').notNull().default(false),
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
    /** When a mailed unlock link was last used: its signature covers this, so each link works once. */
    loginUnlockedAt: timestamp('login_unlocked_at', timestamps),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Rank by points, ties by earlier join: counting the learners ahead is an index-only range scan.
    index('users_rank_idx').on(t.points.desc(), t.dateJoined, t.id),
    // The console's new learners per day.
    index('users_date_joined_idx').on(t.dateJoined),
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
    /**
     * The second factor this session's sign-in passed: null for a password alone, 'totp' or 'recovery'.
     * Refresh keeps it; the console admits only sessions that passed one (decision 0184).
     */
    secondFactor: text('second_factor').$type<'totp' | 'recovery'>(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_second_factor_check', sql`${t.secondFactor} IN ('totp', 'recovery')`),
  ],
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

/**
 * A learner's TOTP key, encrypted with a key derived from the server secret. `pendingSecret` is what setup
 * handed out and waits for a first code; `secret` the confirmed key (two-factor sign-in is on while it is set).
 * `lastUsedStep` is the newest 30-second step whose code was accepted: no code of it or an earlier step works again.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', timestamps),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', timestamps).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as keyed hashes (HMAC-SHA-256) so a used one is consumed by one UPDATE. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', timestamps).notNull().defaultNow(),
    usedAt: timestamp('used_at', timestamps),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * The second step of a two-factor sign-in: issued once the password checked out, redeemed once for a session.
 * `id` is a keyed hash of the ticket the client holds, so the table alone does not let anyone sign in.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordCheckedAt: timestamp('password_checked_at', timestamps).notNull(),
    expiresAt: timestamp('expires_at', timestamps).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', timestamps),
  },
  (t) => [index('login_tickets_user_idx').on(t.userId)],
);
