/** Timestamps are read as dates and kept with their time zone. */
export const timestamps = { mode: 'date' as const, withTimezone: true };
