import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';
import { mailedLink, type MailedLinkPurpose } from '../../lib/mailed-links.ts';

/** What a link's signature covers: when any of it changes, every link issued before dies. */
export interface LinkSubject {
  id: string;
  email: string;
  passwordHash: string;
  isVerified: boolean;
  lastLogin: Date | null;
  /** Set when an unlock link is used (unlock links only). */
  loginUnlockedAt?: Date | null;
}

export type LinkPurpose = MailedLinkPurpose;

export const LINK_MAX_AGE_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 3 * 86_400,
  'reset-password': 3600,
  'unlock-account': 3600,
};

export function encodeUid(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

/** The user id inside a uidb64, or null when it is not base64url of a UUID. */
export function decodeUid(uidb64: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return isUuid(text) ? text.toLowerCase() : null;
}

/**
 * Django-style one-time links: `<timestamp base36>-<HMAC>` over the user's state and the timestamp.
 * A verification link dies once the account is verified or its password changes; a reset link once
 * the password changes (it was used) or the user signs in; an unlock link once it is used, the password changes
 * or the user signs in; each when it is older than its purpose allows.
 */
export function createAccountLinks(secret: string) {
  const keys = {
    'verify-email': createHmac('sha256', secret).update('bastion:links:verify-email').digest(),
    'reset-password': createHmac('sha256', secret).update('bastion:links:reset-password').digest(),
    'unlock-account': createHmac('sha256', secret).update('bastion:links:unlock-account').digest(),
  } satisfies Record<LinkPurpose, Buffer>;

  function signature(purpose: LinkPurpose, user: LinkSubject, timestamp: number): string {
    const common = [user.id, user.email.toLowerCase(), user.passwordHash];
    const lastLogin = String(user.lastLogin?.getTime() ?? '');
    const state =
      purpose === 'verify-email'
        ? [...common, String(user.isVerified)]
        : purpose === 'reset-password'
          ? [...common, lastLogin]
          : [...common, lastLogin, String(user.loginUnlockedAt?.getTime() ?? '')];
    return createHmac('sha256', keys[purpose])
      .update(`${state.join('\n')}\n${timestamp}`)
      .digest('base64url');
  }

  function make(purpose: LinkPurpose, user: LinkSubject, now: Date): string {
    const timestamp = Math.floor(now.getTime() / 1000);
    return `${timestamp.toString(36)}-${signature(purpose, user, timestamp)}`;
  }

  return {
    make,

    /** The link to mail: the page of its purpose at `appUrl`, with the user's uidb64 and a new token. */
    url(appUrl: string, purpose: LinkPurpose, user: LinkSubject, now: Date): string {
      return mailedLink(appUrl, purpose, encodeUid(user.id), make(purpose, user, now));
    },

    check(purpose: LinkPurpose, user: LinkSubject, token: string, now: Date): boolean {
      const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const timestamp = parseInt(match[1]!, 36);
      const age = Math.floor(now.getTime() / 1000) - timestamp;
      const expected = Buffer.from(signature(purpose, user, timestamp));
      const given = Buffer.from(match[2]!);
      const signed = expected.length === given.length && timingSafeEqual(expected, given);
      return signed && age >= -60 && age <= LINK_MAX_AGE_SECONDS[purpose];
    },
  };
}
export type AccountLinks = ReturnType<typeof createAccountLinks>;
