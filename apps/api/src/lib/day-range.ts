const DAY_MS = 86_400_000;

/** The first moment of the UTC day `days - 1` days before `now`'s, and the moment after `now`'s day. */
export function dayRange(now: Date, days: number): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - (days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
}
