import type { AuditAction, AuditVia } from '@bastion/contract';

/** The audit log's actions in words. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'learner.create': 'Account created',
  'learner.verify': 'Email verified',
  'learner.grant_premium': 'Premium granted',
  'learner.revoke_premium': 'Premium revoked',
  'learner.make_staff': 'Made staff',
  'learner.remove_staff': 'Staff removed',
  'learner.make_owner': 'Made owner',
  'learner.remove_owner': 'Owner removed',
  'learner.disable': 'Account disabled',
  'learner.enable': 'Account enabled',
  'learner.resend_verification': 'Verification mail sent',
  'learner.send_password_reset': 'Password-reset mail sent',
  'learner.reset_two_factor': 'Two-factor sign-in reset',
  'learner.view': 'Account viewed',
  'coupon.create': 'Code created',
  'coupon.disable': 'Code disabled',
  'notification.broadcast': 'Notification sent',
  'content.import': 'Content imported',
  'content.validate': 'Content checked',
  'content.override': 'Item hidden, shown or its points changed',
  'content.override_clear': 'Item override cleared',
  'inbox.mark_handled': 'Message marked handled',
  'inbox.view': 'Inbox read',
  'answer.shared': "Another learner's answer sent",
  'coupon.redeem': 'Code redeemed',
  'staff.sign_in': 'Staff signed in',
  'staff.enable_two_factor': 'Staff turned on two-factor sign-in',
  'staff.disable_two_factor': 'Staff turned off two-factor sign-in',
  'audit.export': 'Audit log downloaded',
  'submissions.export': 'Submissions log downloaded',
  'scoreboard.set_state': 'Leaderboard frozen, hidden or shown',
  'scoreboard.adjust_points': 'Points awarded or deducted',
  'scoreboard.remove_solves': 'Solves removed',
  'coupon.create_batch': 'Codes created in bulk',
  'learners.export': 'Learners list downloaded',
  'inbox.reply': 'Reply mailed',
  'inbox.note': 'Internal note added',
};

/** Where an action came from, in words. */
const VIA_LABELS: Record<AuditVia, string> = {
  console: 'console',
  cli: 'command line',
  learner: 'learner',
  site: 'on the site',
};

export const viaLabel = (via: AuditVia) => VIA_LABELS[via];

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** A list shown whole up to this many items; a longer one (a batch's 500 codes) by its first few and a count. */
const LIST_SHOWN = 5;
const LIST_HEAD = 3;

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '(none)'
      : `(${entries.map(([key, item]) => `${key}: ${describeValue(item)}`).join(', ')})`;
  }
  if (!Array.isArray(value)) return String(value);
  if (value.length <= LIST_SHOWN) return value.map(String).join(', ');
  return `${value.slice(0, LIST_HEAD).map(String).join(', ')} and ${value.length - LIST_HEAD} more`;
}

/** A before or after state as short text: `is_premium: true, premium_until: —`; a nested object in brackets. */
export function describeState(state: Record<string, unknown> | null): string {
  if (!state) return '—';
  return Object.entries(state)
    .map(([key, value]) => `${key}: ${describeValue(value)}`)
    .join(', ');
}
