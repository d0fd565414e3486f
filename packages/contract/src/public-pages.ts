import type { PublicConfig } from './schemas/accounts.ts';
import type { PublicPlans } from './schemas/billing.ts';

/**
 * What the server renders its public pages with, so that they are complete before any script runs: its answers
 * to `GET /api/config/` and `GET /api/subscription/plans/`. The page carries them to the app, which starts with
 * them instead of asking again.
 */
export interface PublicPageData {
  config: PublicConfig;
  plans: PublicPlans;
}
