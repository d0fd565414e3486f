// Decision 0074: premium changes through one function, with an expiry sweep.
/** The premium columns of a user row. */
export interface PremiumState {
  isPremium: boolean;
  premiumUntil: Date | null;
}

/**
 * The one answer to "is this learner premium now?": the flag is set and the period has no end or has
 * not ended. A lapsed period counts as free at once, before the expiry sweep clears the flag.
 */
export function hasPremium(user: PremiumState, now: Date): boolean {
  return user.isPremium && (user.premiumUntil === null || user.premiumUntil.getTime() > now.getTime());
}

/** `2026-03-14`: the day a premium period ends, for notification texts. */
export function premiumDay(until: Date): string {
  return until.toISOString().slice(0, 10);
}
