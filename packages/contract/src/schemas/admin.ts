import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { COUPON_LIMITS } from './coupons.ts';
import { optionalParam, pageNumber, paged, pageSize } from './common.ts';
import { line, text } from './text.ts';

/** Texts of the operator console (staff only) and of the rules it enforces. */
export const ADMIN_MESSAGES = {
  staffOnly: 'This area is for staff accounts.',
  twoFactorRequired: 'Turn on two-factor sign-in before using the operator console.',
  twoFactorSessionRequired:
    'This session was signed in without your two-factor code. Sign out, then sign in again with your code to use the operator console.',
  ownerOnlyStaff: 'Only an owner can make someone staff or remove staff status.',
  ownerOnlyStaffAccount:
    'Only an owner can disable or enable a staff account, reset its two-factor sign-in, or grant or revoke its Premium (your own included).',
  lastOwner: 'This is the last owner: make someone else owner first.',
  ownerNotStaff: 'Only a staff account can be an owner: make them staff first.',
  ownStaff: 'You cannot remove your own staff status.',
  lastStaff: 'This is the last staff account: make someone else staff first.',
  ownAccount: 'You cannot disable your own account.',
  alreadyVerified: 'This account is already verified.',
  disabledNoReset: 'This account is disabled: enable it before sending a password reset.',
  accountDisabled:
    'This account has been disabled. If you think this is a mistake, write to support from the address on the account.',
} as const;

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'learner.create',
  'learner.verify',
  'learner.grant_premium',
  'learner.revoke_premium',
  'learner.make_staff',
  'learner.remove_staff',
  'learner.make_owner',
  'learner.remove_owner',
  'learner.disable',
  'learner.enable',
  'learner.resend_verification',
  'learner.send_password_reset',
  'learner.reset_two_factor',
  'learner.view',
  'coupon.create',
  'coupon.disable',
  'notification.broadcast',
  'content.import',
  'content.validate',
  'content.override',
  'content.override_clear',
  'inbox.mark_handled',
  'inbox.view',
  'answer.shared',
  'coupon.redeem',
  'staff.sign_in',
  'staff.enable_two_factor',
  'staff.disable_two_factor',
  'audit.export',
  'submissions.export',
  'coupon.create_batch',
  'learners.export',
  'inbox.reply',
  'inbox.note',
  'scoreboard.set_state',
  'scoreboard.adjust_points',
  'scoreboard.remove_solves',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDay = () =>
  line()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, DATE_MESSAGE);

const page = optionalParam(pageNumber).transform((value) => value ?? PAGING.defaultPage);
const size = optionalParam(pageSize).transform((value) => value ?? 25);

/** The audit log's filters; `GET /api/admin/audit/export/` takes them without the paging. */
export const auditFilterQuery = z.object({
  action: optionalParam(z.enum(AUDIT_ACTIONS, { error: 'Choose one of the listed actions.' })),
  actor: optionalParam(line().trim().max(100)),
  target: optionalParam(line().trim().max(100)),
  from: optionalParam(isoDay()),
  to: optionalParam(isoDay()),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;
export const auditQuery = auditFilterQuery.extend({ page, page_size: size });
export type AuditQuery = z.infer<typeof auditQuery>;

/**
 * Who acted: a staff member in the console, a CLI command, a learner's own action the operator must see (a code
 * redeemed, an answer that was another learner's secret), or a staff account's own sign-in and two-factor changes.
 */
export const AUDIT_VIAS = ['console', 'cli', 'learner', 'site'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), via: z.enum(AUDIT_VIAS) }),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = paged(auditEntry);

/**
 * `GET /api/admin/me/`: the staff member using the console. `is_owner`: they may make or remove staff and act
 * on staff accounts (disable, enable, two-factor reset, Premium, their own included).
 */
export const adminMe = z.object({ id: z.string(), username: z.string(), is_owner: z.boolean() });
export type AdminMe = z.infer<typeof adminMe>;

export const LEARNER_SORTS = [
  'username',
  '-username',
  'date_joined',
  '-date_joined',
  'points',
  '-points',
  'last_login',
  '-last_login',
] as const;
export type LearnerSort = (typeof LEARNER_SORTS)[number];

/** Whom the learners' list shows: learners (the default: accounts that are not staff), staff, or every account. */
export const LEARNER_ROLES = ['learners', 'staff', 'everyone'] as const;
export type LearnerRole = (typeof LEARNER_ROLES)[number];

/** An account state the learners' list filters on (staff: see LEARNER_ROLES); Premium means running now. */
export const LEARNER_STATES = ['disabled', 'premium', 'unverified', 'two_factor'] as const;
export type LearnerState = (typeof LEARNER_STATES)[number];

/** `GET /api/admin/learners/`: search by username, email or name; sortable; paged. */
export const learnerSearchQuery = z.object({
  page,
  page_size: size,
  search: optionalParam(line().trim().max(100)),
  role: optionalParam(z.enum(LEARNER_ROLES, { error: 'Choose learners, staff or everyone.' })).transform(
    (value) => value ?? 'learners',
  ),
  state: optionalParam(z.enum(LEARNER_STATES, { error: 'Choose one of the listed states.' })),
  sort: optionalParam(z.enum(LEARNER_SORTS, { error: 'Choose one of the listed orders.' })).transform(
    (value) => value ?? '-date_joined',
  ),
});
export type LearnerSearchQuery = z.infer<typeof learnerSearchQuery>;
/** `GET /api/admin/learners/export/`: the list's search, role and state, as CSV. */
export const learnerFilterQuery = learnerSearchQuery.omit({ page: true, page_size: true });
export type LearnerFilterQuery = z.infer<typeof learnerFilterQuery>;

export const learnerRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  points: z.number().int(),
  is_verified: z.boolean(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
});
export type LearnerRow = z.infer<typeof learnerRow>;
export const learnerPage = paged(learnerRow);

export const learnerSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});

/** `GET /api/admin/learners/{id}/`: never a password, its hash, or a two-factor key. */
export const learnerDetail = learnerRow.extend({
  country: z.string(),
  premium_source: z.string().nullable(),
  streak: z.number().int(),
  longest_streak: z.number().int(),
  two_factor: z.boolean(),
  progress: z.object({
    lessons_and_quizzes: z.number().int(),
    modules: z.number().int(),
    courses: z.number().int(),
    challenges: z.number().int(),
  }),
  /** The newest sessions, live and ended. */
  sessions: z.array(learnerSession),
});
export type LearnerDetail = z.infer<typeof learnerDetail>;

/** About 100 years: longer is "without end", which leaving the days out says. */
export const MAX_PREMIUM_DAYS = 36_500;
/** `POST /api/admin/learners/{id}/premium/`: `days` from now (or the end of a running period); null: no end. */
export const grantPremiumBody = z.object({
  days: z
    .number({ error: `Enter a whole number of days from 1 to ${MAX_PREMIUM_DAYS}, or none for no end date.` })
    .int(`Enter a whole number of days from 1 to ${MAX_PREMIUM_DAYS}.`)
    .min(1, `Enter a whole number of days from 1 to ${MAX_PREMIUM_DAYS}.`)
    .max(MAX_PREMIUM_DAYS, `Enter a whole number of days from 1 to ${MAX_PREMIUM_DAYS}.`)
    .nullable(),
});
export const staffBody = z.object({ is_staff: z.boolean({ error: 'Say true or false.' }) });
export const activeBody = z.object({ is_active: z.boolean({ error: 'Say true or false.' }) });

/** A reward or upgrade code as the console and the CLI show it. */
export const couponSummary = z.object({
  id: z.string(),
  code: z.string(),
  points: z.number().int(),
  required_points: z.number().int(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  premium_only: z.boolean(),
  premium_days: z.number().int(),
  users: z.array(z.string()).nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type CouponSummary = z.infer<typeof couponSummary>;
export const couponPage = paged(couponSummary);
export const couponListQuery = z.object({ page, page_size: size });

/** A whole number from 0 to `max` (each bound kept below what its column holds: the CLI applies the same). */
const wholeNumber = (what: string, max: number) => {
  const message = `Enter a whole number of ${what} from 0 to ${max}.`;
  return z.number({ error: message }).int(message).min(0, message).max(max, message);
};
/**
 * `POST /api/admin/coupons/`: the CLI's `coupon create` rules apply (the service checks them): points, or
 * premium days (with optional points); an expiry as `2026-12-31` (end of that day, UTC) or a time with zone.
 */
export const createCouponBody = z.object({
  code: line().trim().max(64),
  points: wholeNumber('points', COUPON_LIMITS.points).optional(),
  premium_days: wholeNumber('days', COUPON_LIMITS.premiumDays).nullable().optional(),
  required_points: wholeNumber('points', COUPON_LIMITS.requiredPoints).optional(),
  expires: line().trim().max(40).nullable().optional(),
  max_uses: wholeNumber('uses', COUPON_LIMITS.maxUses).nullable().optional(),
  premium_only: z.boolean().optional(),
  users: z.array(line().trim().max(64)).max(100, 'Name at most 100 learners.').optional(),
});
export type CreateCouponBody = z.infer<typeof createCouponBody>;

export const couponRedemption = z.object({
  user_id: z.string(),
  username: z.string(),
  points: z.number().int(),
  redeemed_at: z.string(),
});
export const couponRedemptions = z.array(couponRedemption);
export type CouponRedemptionRow = z.infer<typeof couponRedemption>;

/**
 * `POST /api/admin/broadcasts/`: a notification to every active, verified learner, or to `username` only.
 * The service checks the lengths and the type (as for `notify broadcast`).
 */
export const broadcastBody = z.object({
  title: line().max(1000),
  message: text().max(10_000),
  type: line().max(20).optional(),
  username: line().trim().max(64).nullable().optional(),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;
export const broadcastResponse = z.object({
  notified: z.number().int(),
  title: z.string(),
  type: z.string(),
  user: z.string().nullable(),
});
export type BroadcastResult = z.infer<typeof broadcastResponse>;

/** One sent broadcast, from the audit log. */
export const broadcastItem = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  /** A username, or null for everyone. */
  user: z.string().nullable(),
  notified: z.number().int(),
});
export type BroadcastItem = z.infer<typeof broadcastItem>;
export const broadcastPage = paged(broadcastItem);
export const broadcastListQuery = couponListQuery;

export const INBOX_STATES = ['open', 'handled', 'all'] as const;
const inboxBase = {
  page,
  page_size: size,
  status: optionalParam(z.enum(INBOX_STATES, { error: 'Choose open, handled or all.' })).transform(
    (value) => value ?? 'open',
  ),
  search: optionalParam(line().trim().max(100)),
};
export const feedbackInboxQuery = z.object({
  ...inboxBase,
  rating: optionalParam(
    line()
      .regex(/^[1-5]$/, 'Choose a rating from 1 to 5.')
      .transform(Number),
  ),
});
export type FeedbackInboxQuery = z.infer<typeof feedbackInboxQuery>;
export const contactInboxQuery = z.object(inboxBase);
export type ContactInboxQuery = z.infer<typeof contactInboxQuery>;

const handled = { handled_at: z.string().nullable(), handled_by: z.string().nullable() };
export const feedbackItem = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  rating: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  ...handled,
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackInboxPage = paged(feedbackItem);
export const contactItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  ...handled,
});
export type ContactItem = z.infer<typeof contactItem>;
export const contactInboxPage = paged(contactItem);
export const inboxHandledResponse = z.object({ id: z.string(), handled_at: z.string(), handled_by: z.string() });
export type InboxHandled = z.infer<typeof inboxHandledResponse>;

/** `GET /api/admin/overview/?days=`: the platform's figures over the last `days` days (UTC), oldest day first. */
export const overviewQuery = z.object({
  days: optionalParam(
    line()
      .regex(/^\d+$/, 'Choose 7, 30 or 90 days.')
      .transform(Number)
      .refine((days) => [7, 30, 90].includes(days), 'Choose 7, 30 or 90 days.'),
  ).transform((days) => days ?? 30),
});
const dayCount = z.object({ day: z.string(), count: z.number().int() });
const ranked = z.object({ id: z.string(), title: z.string(), context: z.string(), count: z.number().int() });
export const overviewResponse = z.object({
  days: z.number().int(),
  learners: z.object({
    total: z.number().int(),
    active_1d: z.number().int(),
    active_7d: z.number().int(),
    active_30d: z.number().int(),
  }),
  new_learners: z.array(dayCount),
  module_completions: z.array(dayCount),
  challenge_solves: z.array(dayCount),
  hints_taken: z.array(dayCount),
  most_finished_modules: z.array(ranked),
  least_finished_modules: z.array(ranked),
  most_missed_quizzes: z.array(ranked),
  most_missed_steps: z.array(ranked),
  feedback_ratings: z.array(z.object({ day: z.string(), average: z.number(), count: z.number().int() })),
});
export type Overview = z.infer<typeof overviewResponse>;
