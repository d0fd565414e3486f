import { z } from 'zod';

/** `GET /api/health/`: liveness; the process answers, whatever the database does. */
export const healthResponse = z.object({ status: z.literal('ok') });

/** `GET /api/ready/`: readiness; 200 when the database answers, else 503 with `Retry-After` and the reason. */
export const readyResponse = z.object({ status: z.literal('ready') });
export const notReadyResponse = z.object({
  status: z.literal('unavailable'),
  /** unreachable: no connection; timeout: no answer in time; error: it answered, with an error. */
  database: z.enum(['unreachable', 'timeout', 'error']),
});
export type NotReady = z.infer<typeof notReadyResponse>;
