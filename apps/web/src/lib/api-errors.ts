import { apiErrorStatus, apiErrorText } from './api-client.ts';

/**
 * R8 action failure text: the fixed message, followed by the server's own detail when it gave one
 * (e.g. "Enroll in this module first." or the premium notice). Null for a 401: the session ends and the
 * app goes to /login, so no message is shown.
 */
export function actionErrorText(error: unknown, failure: string): string | null {
  if (apiErrorStatus(error) === 401) return null;
  const detail = apiErrorText(error, '');
  return detail && detail !== failure ? `${failure} ${detail}` : failure;
}

/** 404, or a 400 for an address whose id is not an id: either way there is nothing to show. */
export function isMissing(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 404 || status === 400;
}
