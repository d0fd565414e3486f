import { POLLING, type NotificationItem } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** R7: GET /api/notifications/detail/{uuid}/ (reading it does not mark it read). */
export async function getNotificationDetail(uuid: string): Promise<NotificationItem> {
  const { data } = await api.get<NotificationItem>(`/api/notifications/detail/${encodeURIComponent(uuid)}/`);
  return data;
}

export function notificationDetailQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(uuid),
    queryFn: () => getNotificationDetail(uuid),
    staleTime: POLLING.allNotificationsStaleMs,
  });
}

/** Fetched only when asked: the page uses it for a selected notification that is not on the page shown. */
export function useNotificationDetail(uuid: string | null, enabled: boolean) {
  return useQuery({ ...notificationDetailQueryOptions(uuid ?? ''), enabled: enabled && !!uuid });
}
