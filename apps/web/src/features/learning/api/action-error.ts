import { apiErrorStatus, apiErrorText } from '../../../lib/api-client.ts';

/**
 * Spec §8 action failure text: the fixed message, followed by the server's own detail when it gave one
 * (e.g. "Enroll in this module first." or the premium notice). Null for a 401: the session ends and the
 * app goes to /login, so no message is shown.
 */
export function actionErrorText(error: unknown, failure: string): string | null {
  if (apiErrorStatus(error) === 401) return null;
  const detail = apiErrorText(error, '');
  return detail && detail !== failure ? `${failure} ${detail}` : failure;
}
