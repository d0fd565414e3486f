/**
 * The web app's page each mailed one-time link opens, by the link's purpose: `APP_URL/<page>/<uidb64>/<token>`.
 * Every such link is built by `mailedLink`, and the request log redacts whatever follows any of these pages
 * (lib/logger.ts), so a new kind of link is redacted as soon as it can be mailed.
 */
export const MAILED_LINK_PAGES = {
  'verify-email': 'verify-email',
  'reset-password': 'reset-password',
  'unlock-account': 'unlock',
} as const;
export type MailedLinkPurpose = keyof typeof MAILED_LINK_PAGES;

export function mailedLink(appUrl: string, purpose: MailedLinkPurpose, uidb64: string, token: string): string {
  return `${appUrl}/${MAILED_LINK_PAGES[purpose]}/${uidb64}/${token}`;
}
