import { z } from 'zod';
import { paged } from './common.ts';

/**
 * `GET /api/admin/shared-answers/`: answers that were another learner's lab secret (a flag, a level's password),
 * refused as wrong and kept for the operator, newest first.
 */
export const sharedAnswer = z.object({
  id: z.string(),
  at: z.string(),
  item: z.object({ type: z.enum(['quiz', 'challenge']), id: z.string(), title: z.string() }),
  /** The secret's name in the item's lab. */
  secret: z.string(),
  /** Who sent the answer. */
  learner: z.object({ id: z.string(), username: z.string() }),
  /** Whose value it was. */
  owner: z.object({ id: z.string(), username: z.string() }),
});
export type SharedAnswer = z.infer<typeof sharedAnswer>;
export const sharedAnswersPage = paged(sharedAnswer);

/**
 * `GET /api/admin/quick-solves/`: learners who solved lab items faster than the labs could have been worked (with
 * no lab opened, or within seconds of opening it), most such solves first. Several are a bulk solve: a list for a
 * person to judge, never a penalty.
 */
export const quickSolver = z.object({
  learner: z.object({ id: z.string(), username: z.string() }),
  /** Lab items solved quickly. */
  solves: z.number().int(),
  /** Of those, solved without the lab ever opened. */
  without_lab: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  /** The items' titles, most recent first (at most 10). */
  items: z.array(z.string()),
});
export type QuickSolver = z.infer<typeof quickSolver>;
export const quickSolversPage = paged(quickSolver);

/** A lab item solved this soon after its lab was first opened (or with no lab opened) is a quick solve. */
export const QUICK_SOLVE_SECONDS = 15;
