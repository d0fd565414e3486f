import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@bastion/contract';

/** The leaderboard's place in the /leaderboard address: `?period=all|month|week&page=`. */
export interface LeaderboardParams {
  period: LeaderboardPeriod;
  page: number;
}

export const DEFAULT_PERIOD: LeaderboardPeriod = 'all';

const isPeriod = (value: string | null): value is LeaderboardPeriod =>
  (LEADERBOARD_PERIODS as readonly string[]).includes(value ?? '');

/** Unknown values fall back to all time and the first page rather than failing. */
export function readLeaderboardParams(params: URLSearchParams): LeaderboardParams {
  const period = params.get('period');
  const page = Number(params.get('page'));
  return {
    period: isPeriod(period) ? period : DEFAULT_PERIOD,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address form: the first page is left out; the period is kept whenever one was chosen. */
export function writeLeaderboardParams({ period, page }: LeaderboardParams): URLSearchParams {
  const params = new URLSearchParams({ period });
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The page of the board that holds `rank` (ranks are 1-based, pages hold LEADERBOARD_PAGE_SIZE rows). */
export function pageOfRank(rank: number): number {
  return Math.max(1, Math.ceil(rank / LEADERBOARD_PAGE_SIZE));
}

export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / LEADERBOARD_PAGE_SIZE));

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all: 'All time',
  month: 'This month',
  week: 'This week',
};
