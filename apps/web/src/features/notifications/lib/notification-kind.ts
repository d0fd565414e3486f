import type { NotificationKind } from '@bastion/contract';

export const NO_DATE_TEXT = 'No Date Available';

const KINDS: readonly NotificationKind[] = ['success', 'warning', 'error', 'info'];

/** R3: success, warning and error are styled as such; anything else is treated as info. */
export function notificationKind(type: unknown): NotificationKind {
  return KINDS.includes(type as NotificationKind) ? (type as NotificationKind) : 'info';
}

export const KIND_LABELS: Record<NotificationKind, string> = {
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
  info: 'Info',
};

/** An in-app path the detail view may link to; anything else (another site, a script URL) is not followed. */
export function inAppLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
