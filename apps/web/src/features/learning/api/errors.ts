import { apiErrorStatus } from '../../../lib/api-client.ts';

/** 404, or a 400 for an address whose id is not an id: either way there is nothing to show. */
export function isMissing(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 404 || status === 400;
}
