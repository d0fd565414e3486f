/** The query parameter that preselects a notification on /notifications (R2). */
export const SELECTED_PARAM = 'selected';

export function notificationsPath(selected?: string): string {
  return selected ? `/notifications?${SELECTED_PARAM}=${encodeURIComponent(selected)}` : '/notifications';
}
