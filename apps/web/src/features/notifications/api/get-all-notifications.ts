import { PAGING, POLLING, type NotificationItem, type Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export const NOTIFICATIONS_PAGE_SIZE = PAGING.defaultPageSize;

/** R7: GET /api/notifications/all-notifications/?page= → every notification, newest first, paged. */
export async function getAllNotifications(page: number): Promise<Paged<NotificationItem>> {
  const { data } = await api.get<Paged<NotificationItem>>('/api/notifications/all-notifications/', {
    params: { page, page_size: NOTIFICATIONS_PAGE_SIZE },
  });
  return data;
}

/** R9: all-notifications freshness is 1 min. */
export function allNotificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: () => getAllNotifications(page),
    staleTime: POLLING.allNotificationsStaleMs,
    placeholderData: keepPreviousData,
  });
}

export function useAllNotifications(page: number) {
  return useQuery(allNotificationsQueryOptions(page));
}
