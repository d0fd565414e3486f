import { z } from 'zod';
import { PAGING } from '../constants.ts';
import { optionalParam, pageNumber, paged, pageSize } from './common.ts';
import { line } from './text.ts';

/** Texts of the operator console (staff only) and of the rules it enforces. */
export const ADMIN_MESSAGES = {
  staffOnly: 'This area is for staff accounts.',
  twoFactorRequired: 'Turn on two-factor sign-in before using the operator console.',
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
  'learner.disable',
  'learner.enable',
  'learner.resend_verification',
  'learner.send_password_reset',
  'learner.reset_two_factor',
  'coupon.create',
  'coupon.disable',
  'notification.broadcast',
  'content.import',
  'inbox.mark_handled',
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

export const auditQuery = z.object({
  page,
  page_size: size,
  action: optionalParam(z.enum(AUDIT_ACTIONS, { error: 'Choose one of the listed actions.' })),
  actor: optionalParam(line().trim().max(100)),
  target: optionalParam(line().trim().max(100)),
  from: optionalParam(isoDay()),
  to: optionalParam(isoDay()),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), via: z.enum(['console', 'cli']) }),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = paged(auditEntry);

/** `GET /api/admin/me/`: the staff member using the console. */
export const adminMe = z.object({ id: z.string(), username: z.string() });
export type AdminMe = z.infer<typeof adminMe>;
