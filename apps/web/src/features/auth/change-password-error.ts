import { MESSAGES } from '@bastion/contract';
import { apiErrorBody, apiErrorStatus, apiErrorText } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';

/** Spec §8: a 400 naming old_password is the wrong current password; anything else is the generic failure plus the message. */
export function changePasswordErrorText(error: unknown): string {
  const body = apiErrorBody(error);
  if (apiErrorStatus(error) === 400 && fieldErrors(body, ['old_password']).old_password) {
    return MESSAGES.wrongCurrentPassword;
  }
  return `${MESSAGES.changePasswordFailed} ${apiErrorText(error)}`;
}
