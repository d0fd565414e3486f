import type { NotificationItem, NotificationList, NotificationsReadResponse, Paged } from '@bastion/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** R7: POST api/notifications/mark-as-read/ {uuid}. */
export async function markNotificationRead(uuid: string): Promise<NotificationsReadResponse> {
  const { data } = await api.post<NotificationsReadResponse>('/api/notifications/mark-as-read/', { uuid });
  return data;
}

/** Marks notifications read in every cached list, so the bell and the page agree before the refetch. */
export function markReadInCache(queryClient: QueryClient, read: (item: NotificationItem) => boolean, unread?: number) {
  const update = (item: NotificationItem) => (read(item) && !item.is_read ? { ...item, is_read: true } : item);
  queryClient.setQueryData<NotificationList>(notificationKeys.menu(), (list) => {
    if (!list) return list;
    const notifications = list.notifications.map(update);
    const newlyRead = list.notifications.filter((item, index) => item !== notifications[index]).length;
    const count = unread ?? Math.max(0, (list.unread_count ?? list.unreadCount ?? 0) - newlyRead);
    return { ...list, notifications, unread_count: count, unreadCount: count };
  });
  queryClient.setQueriesData<Paged<NotificationItem>>({ queryKey: ['notifications', 'all'] }, (page) =>
    page ? { ...page, results: page.results.map(update) } : page,
  );
  queryClient.setQueriesData<NotificationItem>({ queryKey: ['notifications', 'detail'] }, (item) =>
    item ? update(item) : item,
  );
}

/** R8: a failed mark-read is logged only, with no message to the learner. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (response, uuid) => {
      markReadInCache(queryClient, (item) => item.uuid === uuid, response?.unread_count);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => console.error('Failed to mark the notification as read.', error),
  });
}
