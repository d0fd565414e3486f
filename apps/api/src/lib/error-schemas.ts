// The bodies errors.ts's typed errors answer with, as the account, session and two-factor routes declare them.
import { detailResponse as detail } from '@bastion/contract';
import { z } from 'zod';

export { detail };
/** `{"field": ["message"]}` per invalid field (ValidationFailed). */
export const fieldErrors = z.record(z.string(), z.array(z.string()));

export const accountErrors = {
  400: z.union([detail, fieldErrors]),
  401: detail.extend({ code: z.string() }),
  // `code`: two_factor_setup_required (plugins/auth.ts).
  403: detail.extend({ code: z.string().optional() }),
  429: detail,
};
