import { z } from 'zod';
import { idParam, uuidField } from './common.ts';

/** Notifications of R14: R3 fields plus `is_read` and `link`. */
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const notificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationKind = z.infer<typeof notificationType>;

export const notificationItem = z.object({
  uuid: z.uuid(),
  title: z.string(),
  message: z.string(),
  notification_type: notificationType,
  created_at: z.string(),
  is_read: z.boolean(),
  /** An in-app path such as `/profile`, or null. */
  link: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** `GET /api/notifications/list/`: the 10 newest, and the unread count under both spellings of R3. */
export const notificationList = z.object({
  notifications: z.array(notificationItem),
  unread_count: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationParams = z.object({ uuid: idParam });

export const markNotificationReadBody = z.strictObject({
  uuid: uuidField('Enter a valid notification id.'),
});
export type MarkNotificationReadBody = z.input<typeof markNotificationReadBody>;

export const notificationsReadResponse = z.object({ detail: z.string(), unread_count: z.number().int() });
export type NotificationsReadResponse = z.infer<typeof notificationsReadResponse>;
