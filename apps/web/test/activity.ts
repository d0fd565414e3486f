import type { ActivityDay } from '@bastion/contract';

/** A year of daily points ending 14 Mar 2026, zero unless given. */
export function activity(points: Record<string, number> = {}): ActivityDay[] {
  const end = Date.UTC(2026, 2, 14);
  return Array.from({ length: 365 }, (_, index) => {
    const date = new Date(end - (364 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, points: points[date] ?? 0 };
  });
}
