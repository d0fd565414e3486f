import { POLLING, type NotificationList } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** R7: GET /api/notifications/list/ → the newest notifications and the unread count. */
export async function getNotificationList(): Promise<NotificationList> {
  const { data } = await api.get<NotificationList>('/api/notifications/list/');
  return data;
}

/** R3 gives the count as `unread_count` and as `unreadCount`; either is read. */
export function unreadCountOf(list: Pick<NotificationList, 'unread_count' | 'unreadCount'> | undefined): number {
  const count = list?.unread_count ?? list?.unreadCount ?? 0;
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** R9: the menu polls every 30 s (while the tab is visible). */
export function notificationListQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.menu(),
    queryFn: getNotificationList,
    refetchInterval: POLLING.notificationMenuMs,
  });
}

export function useNotificationList() {
  return useQuery(notificationListQueryOptions());
}
