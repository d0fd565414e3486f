import type { NotificationItem, NotificationList } from '@bastion/contract';

export function notification(index: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Notification ${index}`,
    message: `Message number ${index}`,
    notification_type: 'info',
    created_at: '2026-11-20T10:00:00Z',
    is_read: false,
    link: null,
    ...overrides,
  };
}

export function notificationList(count: number, unread: number): NotificationList {
  const notifications = Array.from({ length: count }, (_, index) =>
    notification(index + 1, { is_read: index >= unread }),
  );
  return { notifications, unread_count: unread, unreadCount: unread };
}
