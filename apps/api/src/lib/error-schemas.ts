import { z } from 'zod';

/** The bodies errors.ts's typed errors answer with, as route schemas declare them for the account routes. */
export const detail = z.object({ detail: z.string() });
/** `{"field": ["message"]}` per invalid field (ValidationFailed). */
export const fieldErrors = z.record(z.string(), z.array(z.string()));

export const accountErrors = {
  400: z.union([detail, fieldErrors]),
  401: detail.extend({ code: z.string() }),
  // `code`: two_factor_setup_required (plugins/auth.ts).
  403: detail.extend({ code: z.string().optional() }),
  429: detail,
};
