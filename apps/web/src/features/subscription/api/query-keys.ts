/** The learner's premium status and the plans. */
export const subscriptionKeys = {
  status: ['subscription'] as const,
};

/**
 * Data of other features that a premium change affects: the navbar's Upgrade Plan / Premium link, the
 * dashboard, and the premium locks on courses, modules and challenges. Features do not import each other,
 * so they are named here by their query-key prefixes.
 */
export const AFFECTED_BY_PREMIUM = [['navbar'], ['dashboard'], ['learning'], ['challenges']] as const;
