import type { NotificationsReadResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { markReadInCache } from './mark-notification-read.ts';
import { notificationKeys } from './query-keys.ts';

/** R8 success message of Mark All as Read. */
export const ALL_READ_MESSAGE = 'You have read all notifications.';

/** R7: POST /api/notifications/mark-all-as-read/. */
export async function markAllNotificationsRead(): Promise<NotificationsReadResponse> {
  const { data } = await api.post<NotificationsReadResponse>('/api/notifications/mark-all-as-read/');
  return data;
}

/** Success shows the spec's message; a failure is logged only, like a single mark-read (R8). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      markReadInCache(queryClient, () => true, 0);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      show(ALL_READ_MESSAGE, 'success');
    },
    onError: (error) => console.error('Failed to mark all notifications as read.', error),
  });
}
