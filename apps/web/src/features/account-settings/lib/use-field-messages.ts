import { useState } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, hasFieldErrors } from '@/lib/field-errors.ts';

type Messages<F extends string> = Partial<Record<F, string>>;

/**
 * The message under each field of a form that sends `error` back: the form's own check first, else the
 * server's message for that field, which stays until the field is edited or the form is sent again.
 */
export function useFieldMessages<F extends string>(fields: readonly F[], error: unknown) {
  const [missing, setMissing] = useState<Messages<F>>({});
  const [edited, setEdited] = useState<Partial<Record<F, boolean>>>({});
  const server: Messages<F> = error ? fieldErrors(apiErrorBody(error), fields) : {};
  const shown: Messages<F> = {};
  for (const field of fields) shown[field] = missing[field] ?? (edited[field] ? undefined : server[field]);

  return {
    shown,
    /** The server's answer named none of the fields, so only a banner can say what went wrong. */
    unplaced: Boolean(error) && !hasFieldErrors(server),
    /** Shows the form's own problems on sending; true when there are none and the form may be sent. */
    check(problems: Messages<F>): boolean {
      setMissing(problems);
      if (fields.some((field) => problems[field])) return false;
      setEdited({});
      return true;
    },
    markEdited(field: F) {
      setMissing((current) => ({ ...current, [field]: undefined }));
      setEdited((current) => ({ ...current, [field]: true }));
    },
    reset() {
      setMissing({});
      setEdited({});
    },
  };
}
