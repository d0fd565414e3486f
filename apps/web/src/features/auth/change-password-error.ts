import { MESSAGES } from '@bastion/contract';
import { apiErrorBody, apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { CHECK_FIELDS, fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';

export const CHANGE_PASSWORD_FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;

/**
 * R8: a 400 naming old_password is the wrong current password; anything else is the generic failure
 * plus the message. The new passwords' messages are under their fields, so the banner does not repeat them.
 */
export function changePasswordErrorText(error: unknown): string {
  const body = apiErrorBody(error);
  if (apiErrorStatus(error) === 400 && fieldErrors(body, ['old_password']).old_password) {
    return MESSAGES.wrongCurrentPassword;
  }
  if (apiErrorStatus(error) === 400 && Object.keys(fieldErrors(body, CHANGE_PASSWORD_FIELDS)).length > 0) {
    return `${MESSAGES.changePasswordFailed} ${unplacedErrorText(body, CHANGE_PASSWORD_FIELDS) ?? CHECK_FIELDS}`;
  }
  return `${MESSAGES.changePasswordFailed} ${apiErrorText(error)}`;
}
